package io.engram;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.testing.RepositoryRoot;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Holds the repository's prose to what it promises: the architecture page stays a map, and no doc, source
 * or build file points at a tracker's issue numbers or at files outside the repository, which a reader of
 * the repository alone cannot follow.
 */
class RepositoryTextTest {
  /** docs/ARCHITECTURE.md is a map; the detail belongs in each package's package-info.java. */
  static final long ARCHITECTURE_MAX_BYTES = 16 * 1024;

  /** What may not appear, with what each means. Written so that this file does not match itself. */
  static final Map<String, Pattern> FORBIDDEN = Map.of(
      "an issue number", Pattern.compile("\\bissues?\\s+#?\\d+", Pattern.CASE_INSENSITIVE),
      "the product spec outside the repository", Pattern.compile("\\bSPEC\\.md\\b", Pattern.CASE_INSENSITIVE),
      "a seed data set outside the repository", Pattern.compile("\\bseed\\s+0\\d\\d\\b", Pattern.CASE_INSENSITIVE),
      "the reference shelf outside the repository", Pattern.compile("\\.\\./shared\\b"),
      "a path of the machine this was written on", Pattern.compile("/work/(heldout|shared|notes|wt|\\.library|\\.mirror)\\b"));

  private static final Set<String> SKIPPED_DIRECTORIES = Set.of("target", "node_modules", ".git");
  private static final Set<String> SCANNED_EXTENSIONS = Set.of(".md", ".java", ".xml");

  private static Path root;
  private static List<Path> scanned;

  @BeforeAll
  static void findRepository() throws IOException {
    root = RepositoryRoot.find();
    scanned = textFiles(root);
  }

  @Test
  void architectureMapStaysWithin16Kilobytes() throws IOException {
    long size = Files.size(root.resolve("docs/ARCHITECTURE.md"));
    assertThat(size)
        .as("docs/ARCHITECTURE.md is %d bytes; keep it a map and move the detail into the package's"
            + " package-info.java", size)
        .isLessThanOrEqualTo(ARCHITECTURE_MAX_BYTES);
  }

  @Test
  void theScanCoversTheDocsAndEveryModulesSources() {
    assertThat(scanned).contains(root.resolve("README.md"), root.resolve("CLAUDE.md"),
        root.resolve("docs/ARCHITECTURE.md"), root.resolve("pom.xml"),
        root.resolve("engram-core/src/test/java/io/engram/RepositoryTextTest.java"));
    assertThat(scanned).noneMatch(p -> {
      for (Path name : root.relativize(p)) {
        if (SKIPPED_DIRECTORIES.contains(name.toString())) {
          return true;
        }
      }
      return false;
    });
  }

  @Test
  void noDocOrSourceNamesAnIssueNumberOrAFileOutsideTheRepository() throws IOException {
    List<String> found = new ArrayList<>();
    for (Path file : scanned) {
      // Decoded leniently: a fixture in another encoding is still scanned, never a reason to fail.
      List<String> lines = new String(Files.readAllBytes(file), StandardCharsets.UTF_8).lines().toList();
      for (int i = 0; i < lines.size(); i++) {
        for (Map.Entry<String, Pattern> rule : FORBIDDEN.entrySet()) {
          Matcher m = rule.getValue().matcher(lines.get(i));
          if (m.find()) {
            found.add(root.relativize(file) + ":" + (i + 1) + ": \"" + m.group() + "\" (" + rule.getKey() + ")");
          }
        }
      }
    }
    assertThat(found).as("say what is meant instead of pointing outside the repository").isEmpty();
  }

  @Test
  void thePatternsCatchWhatTheyAreFor() {
    assertThat(matches("pending the transcript model of issue" + " 4")).containsExactly("an issue number");
    assertThat(matches("see Issues" + " #12 and 13")).containsExactly("an issue number");
    assertThat(matches("as SPEC" + ".md section 3 says")).containsExactly("the product spec outside the repository");
    assertThat(matches("Seed " + "000 lists these words")).containsExactly("a seed data set outside the repository");
    assertThat(matches("copied from .." + "/shared/data")).containsExactly("the reference shelf outside the repository");
    assertThat(matches("data in /work/" + "heldout/locomo")).containsExactly("a path of the machine this was written on");
    assertThat(matches("a tissue 3 cm wide; an issue with the index; seed 42; shared/ and spec.mdx; /work/project/src"))
        .isEmpty();
  }

  private static List<String> matches(String line) {
    return FORBIDDEN.entrySet().stream().filter(e -> e.getValue().matcher(line).find()).map(Map.Entry::getKey)
        .toList();
  }

  private static List<Path> textFiles(Path root) throws IOException {
    List<Path> files = new ArrayList<>();
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
        return !dir.equals(root) && SKIPPED_DIRECTORIES.contains(dir.getFileName().toString())
            ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
        String name = file.getFileName().toString();
        if (attrs.isRegularFile() && SCANNED_EXTENSIONS.stream().anyMatch(name::endsWith)) {
          files.add(file);
        }
        return FileVisitResult.CONTINUE;
      }
    });
    return files;
  }
}
