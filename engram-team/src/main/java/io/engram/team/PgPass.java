package io.engram.team;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A password file in libpq's format ({@code ~/.pgpass}, or the file {@code PGPASSFILE} names), read as libpq
 * reads it: lines {@code hostname:port:database:username:password}, {@code *} matching anything in the first
 * four fields, {@code \:} and {@code \\} escaping a colon and a backslash, {@code #} starting a comment line, and
 * the first matching line winning. Like libpq, a file that its group or others may read or write is ignored
 * (with a note saying why), and so is anything that is not a regular file.
 */
final class PgPass {
  private static final Set<PosixFilePermission> GROUP_OR_OTHERS = EnumSet.of(
      PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE,
      PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

  private PgPass() {}

  /**
   * What a lookup found: the password and the line it came from, or nothing and (maybe) why the file was not used.
   */
  record Lookup(Optional<String> password, int line, Optional<String> note) {
    @Override
    public String toString() {
      return "Lookup[line=" + line + ", note=" + note + "]";
    }
  }

  /** Looks up the password for {@code endpoint} in {@code file}. */
  static Lookup find(Path file, TeamEndpoint endpoint) throws IOException {
    if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.exists(file)) {
      return new Lookup(Optional.empty(), 0, Optional.empty());
    }
    if (!Files.isRegularFile(file)) {
      return new Lookup(Optional.empty(), 0, Optional.of(file + " is not a plain file; ignored"));
    }
    try {
      Set<PosixFilePermission> mode = Files.getPosixFilePermissions(file);
      if (mode.stream().anyMatch(GROUP_OR_OTHERS::contains)) {
        return new Lookup(Optional.empty(), 0, Optional.of(file + " has group or world access; ignored (as libpq"
            + " does): chmod 0600 " + file));
      }
    } catch (UnsupportedOperationException e) {
      // No POSIX permissions (Windows): libpq does not check there either.
    }
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      List<String> fields = fields(line);
      if (fields.size() < 5) {
        continue;
      }
      if (matches(fields.get(0), endpoint.host()) && matches(fields.get(1), String.valueOf(endpoint.port()))
          && matches(fields.get(2), endpoint.database()) && matches(fields.get(3), endpoint.user())) {
        String password = fields.get(4);
        return new Lookup(password.isEmpty() ? Optional.empty() : Optional.of(password), i + 1, Optional.empty());
      }
    }
    return new Lookup(Optional.empty(), 0, Optional.empty());
  }

  /** The five fields of a line: four split at unescaped colons, the password the rest, escapes undone. */
  static List<String> fields(String line) {
    List<String> fields = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\\' && i + 1 < line.length()) {
        current.append(line.charAt(++i));
      } else if (c == ':' && fields.size() < 4) {
        fields.add(current.toString());
        current.setLength(0);
      } else {
        current.append(c);
      }
    }
    fields.add(current.toString());
    return fields;
  }

  private static boolean matches(String field, String value) {
    return field.equals("*") || field.equals(value);
  }
}
