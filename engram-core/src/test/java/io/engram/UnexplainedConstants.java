package io.engram;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds the numeric constants of a Java source ({@code static final} numbers and durations, and an interface's, which
 * are static and final without saying so: a field of a number type named in capitals) and which of them say
 * nothing of why they hold their value: no comment on the declaration's line or on the line before it. A tunable
 * number belongs in the settings; any other constant is a definition, and its comment says where it comes from.
 */
final class UnexplainedConstants {
  private static final Pattern DECLARATION = Pattern.compile(
      "(?:\\b(?:static\\s+final|final\\s+static)\\s+|^\\s*(?:public\\s+)?)"
          + "(?:byte|short|int|long|float|double|(?:java\\.time\\.)?Duration)\\s+([A-Z][A-Z0-9_]*)\\s*=");

  private UnexplainedConstants() {}

  /**
   * A numeric constant of a source file.
   *
   * @param file the file, as the caller named it
   * @param line its line, from 1
   * @param name the constant's name
   * @param explained whether a comment stands on its line or on the line before
   */
  record Constant(Path file, int line, String name, boolean explained) {
    @Override
    public String toString() {
      return file + ":" + line + " " + name;
    }
  }

  /** The numeric constants of {@code source}, the text of {@code file}. */
  static List<Constant> in(Path file, String source) {
    List<Constant> found = new ArrayList<>();
    String[] lines = source.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      Matcher m = DECLARATION.matcher(lines[i]);
      if (m.find()) {
        found.add(new Constant(file, i + 1, m.group(1), hasComment(lines[i]) || i > 0 && isComment(lines[i - 1])));
      }
    }
    return found;
  }

  /** The numeric constants of every {@code .java} file under {@code src/main} of {@code module}. */
  static List<Constant> inModule(Path module) throws IOException {
    return inModule(module, UnexplainedConstants::in);
  }

  /**
   * What {@code scan} finds in every {@code .java} file under {@code src/main} of {@code module}, each file named
   * from the repository's root.
   */
  static <T> List<T> inModule(Path module, BiFunction<Path, String, List<T>> scan) throws IOException {
    Path main = module.resolve("src/main");
    if (!Files.isDirectory(main)) {
      return List.of();
    }
    List<T> found = new ArrayList<>();
    try (Stream<Path> files = Files.walk(main)) {
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        found.addAll(scan.apply(module.getParent().relativize(file), Files.readString(file, StandardCharsets.UTF_8)));
      }
    }
    return found;
  }

  // A comment after the declaration on its line; "//" inside a string literal is rare enough in a constant's line.
  private static boolean hasComment(String line) {
    return line.contains("//") || line.contains("/*");
  }

  // The line before is a comment's line: a line comment, or a line of a block comment or Javadoc (its last included).
  private static boolean isComment(String line) {
    String t = line.strip();
    return t.startsWith("//") || t.startsWith("*") || t.startsWith("/*") || t.endsWith("*/");
  }
}
