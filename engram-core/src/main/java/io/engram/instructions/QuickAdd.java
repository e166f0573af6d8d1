package io.engram.instructions;

import io.engram.redact.SecretRedactor;
import io.engram.fs.AtomicFiles;
import io.engram.fs.FileLock;
import io.engram.fs.GitIgnore;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The quick-add ({@code #} in Claude Code, {@code engram add} here): adds one bullet to the project,
 * local or user instruction file, creating it if needed. The bullet goes under the heading it belongs to
 * ({@link HeadingChooser}: the words it shares with the heading, the heading's topic and the rules already
 * there), or one the caller names; when none fits, under a {@code ## Notes} heading, created at the end when
 * the file has none. A file without headings keeps its shape: the bullet is appended. A newly created local
 * file is added to the repository's {@code .gitignore} so that it is never committed by accident.
 *
 * <p>Text that would read as an {@code @path} import ({@code @Autowired}, {@code @Transactional}) but names no file
 * is written in backticks, where the loader never takes it for one, and the result names each such word
 * ({@link Result#quoted()}), so the caller can say so; an {@code @path} naming a file that exists stays an import.
 *
 * <p>Every write is atomic and made under a lock in Engram's home, so two concurrent adds both land.
 */
public final class QuickAdd {
  private final InstructionLoader loader;
  private final Path lockDir;

  /** A quick-add for the loader's project, taking its locks in {@code lockDir}. */
  public QuickAdd(InstructionLoader loader, Path lockDir) {
    this.loader = loader;
    this.lockDir = lockDir;
  }

  /**
   * What an add did.
   *
   * @param file the instruction file written
   * @param created whether the file was new
   * @param line the line added (without the newline)
   * @param heading the heading it went under; empty when the file has no headings
   * @param headingCreated whether that heading was created for it
   * @param gitignore the {@code .gitignore} that was extended, when one was
   * @param quoted each {@code @word} that would have read as an import of a file that does not exist, now written in
   *     backticks
   */
  public record Result(Path file, boolean created, String line, Optional<String> heading, boolean headingCreated,
      Optional<Path> gitignore, List<String> quoted) {
    public Result {
      quoted = List.copyOf(quoted);
    }
  }

  /** The heading a bullet goes under when no heading of the file fits it. */
  public static final String NOTES = "Notes";

  /**
   * Adds {@code text} as one bullet to the file of {@code scope}, under the heading it belongs to.
   *
   * @throws IllegalArgumentException when the text is blank
   * @throws IOException when the file cannot be read or written
   */
  public Result append(AddScope scope, String text) throws IOException {
    return add(scope, text, Optional.empty());
  }

  /**
   * Adds {@code text} as one bullet under the heading titled {@code heading} (any level, case ignored), which is
   * created as a {@code ##} heading at the end when the file has none of that title.
   *
   * @throws IllegalArgumentException when the text or the heading is blank
   * @throws IOException when the file cannot be read or written
   */
  public Result appendUnder(AddScope scope, String text, String heading) throws IOException {
    String title = heading.strip().replaceFirst("^#+\\s*", "").replaceAll("\\s*\\R\\s*", " ");
    if (title.isEmpty()) {
      throw new IllegalArgumentException("no heading to add under: the heading is empty");
    }
    return add(scope, text, Optional.of(title));
  }

  private Result add(AddScope scope, String text, Optional<String> under) throws IOException {
    Path file = loader.targetFor(scope).toAbsolutePath().normalize();
    List<String> quoted = new ArrayList<>();
    String rule = quoteFalseImports(bulletText(SecretRedactor.standard().redact(text).text()), file, quoted);
    String line = "- " + rule;
    boolean created;
    Placed placed;
    try (FileLock lock = FileLock.acquire(lockFor(file))) {
      created = !Files.exists(file);
      String old = existingText(file);
      placed = place(MarkdownSections.parse(old), rule, line, under);
      AtomicFiles.writeString(file, placed.text());
    }
    Optional<Path> gitignore = Optional.empty();
    if (created && scope == AddScope.LOCAL) {
      gitignore = ignoreInGit(file);
    }
    return new Result(file, created, line, placed.heading(), placed.headingCreated(), gitignore, quoted);
  }

  /**
   * The text of the instruction file {@code file}, "" when there is none: one that is not a regular file or not UTF-8
   * text is an error that names it, and is left as it is.
   */
  static String existingText(Path file) throws IOException {
    if (!Files.exists(file)) {
      return "";
    }
    if (!Files.isRegularFile(file)) {
      throw new IOException(file + ": not a regular file; not changed");
    }
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (CharacterCodingException e) {
      throw new IOException(file + ": not UTF-8 text; not changed", e);
    }
  }

  /**
   * {@code rule} with every {@code @word} the loader would follow as an import, and that names no file from where
   * {@code file} stands, put in backticks; each one is added to {@code quoted}.
   */
  private String quoteFalseImports(String rule, Path file, List<String> quoted) {
    String out = rule;
    for (ImportParser.ImportRef ref : ImportParser.parse(rule)) {
      if (importTarget(file, ref.path()).filter(Files::exists).isPresent()) {
        continue;
      }
      Matcher m = Pattern.compile("(?<=^|\\s)@" + Pattern.quote(ref.path()) + "[^\\s`]*").matcher(out);
      if (m.find()) {
        quoted.add(m.group());
        out = out.substring(0, m.start()) + '`' + m.group() + '`' + out.substring(m.end());
      }
    }
    return out;
  }

  /** Where the loader would look for the import {@code ref} written in {@code file}; empty when it is no path. */
  private Optional<Path> importTarget(Path file, String ref) {
    try {
      Path p = ref.startsWith("~/") ? loader.expand(ref) : Path.of(ref);
      return Optional.of((p.isAbsolute() ? p : file.getParent().resolve(p)).normalize());
    } catch (InvalidPathException e) {
      return Optional.empty();
    }
  }

  private record Placed(String text, Optional<String> heading, boolean headingCreated) {}

  private static Placed place(MarkdownSections doc, String rule, String line, Optional<String> under) {
    if (under.isEmpty() && doc.sections().isEmpty() && !doc.lines().stream().allMatch(String::isBlank)) {
      return new Placed(doc.append(line), Optional.empty(), false);
    }
    String title = under.orElse(NOTES);
    Optional<MarkdownSections.Section> target = under.isPresent() ? HeadingChooser.named(doc, title)
        : HeadingChooser.choose(doc, rule).or(() -> HeadingChooser.named(doc, NOTES));
    return target.isPresent()
        ? new Placed(doc.insertUnder(target.get(), line), Optional.of(target.get().title()), false)
        : new Placed(doc.appendSection(title, line), Optional.of(title), true);
  }

  static String bulletText(String text) {
    String one = text.strip().replaceAll("\\s*\\R\\s*", " ");
    one = one.replaceFirst("^[-*](\\s+|$)", "");
    if (one.isEmpty()) {
      throw new IllegalArgumentException("nothing to add: the text is empty");
    }
    return one;
  }

  private Optional<Path> ignoreInGit(Path file) throws IOException {
    Optional<Path> repo = InstructionLoader.findRepoRoot(file.getParent());
    return repo.isEmpty() ? Optional.empty() : GitIgnore.ensureListed(repo.get(), file, lockDir);
  }

  private Path lockFor(Path file) {
    return lockFor(lockDir, file);
  }

  /** The lock file guarding writes to {@code file}: one per instruction file, kept in Engram's home. */
  static Path lockFor(Path lockDir, Path file) {
    String key = Integer.toHexString(file.toString().hashCode());
    return lockDir.resolve("instructions-" + file.getFileName() + "-" + key + ".lock");
  }
}
