package io.engram.cli.install;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * The {@code engram} launcher that {@code engram install} puts on the PATH: a POSIX shell script that runs
 * the installed jar with {@code java} from the PATH, else with the Java that installed it. Its second line
 * marks it as Engram's, which is how install and uninstall tell it from a file they must not touch.
 */
final class LauncherScript {
  /** The line that marks a launcher as written by {@code engram install}. */
  static final String MARK = "# engram launcher: written by 'engram install', removed by 'engram uninstall'.";

  private LauncherScript() {}

  /** The script for {@code jar}, falling back to {@code java} when none is on the PATH. */
  static String text(Path jar, Path java, String version) {
    return "#!/bin/sh\n"
        + MARK + "\n"
        + "# engram " + version + ". ENGRAM_JAVA_OPTS passes options to the JVM.\n"
        + "jar=" + quote(jar.toString()) + "\n"
        + "if command -v java >/dev/null 2>&1; then java=java; else java=" + quote(java.toString()) + "; fi\n"
        + "exec \"$java\" ${ENGRAM_JAVA_OPTS:-} -jar \"$jar\" \"$@\"\n";
  }

  /** Whether {@code file} is a launcher written by {@code engram install} (a regular file, not a link, with the mark). */
  static boolean isOurs(Path file) throws IOException {
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      return false;
    }
    try (InputStream in = Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS)) {
      String head = new String(in.readNBytes(4096), StandardCharsets.UTF_8);
      return head.startsWith("#!/bin/sh\n" + MARK + "\n");
    }
  }

  /** {@code text} quoted for a POSIX shell: in single quotes, each single quote written as {@code '\''}. */
  static String quote(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }
}
