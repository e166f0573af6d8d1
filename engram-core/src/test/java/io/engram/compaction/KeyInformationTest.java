package io.engram.compaction;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class KeyInformationTest {

  @Test
  void extractsTheFourKinds() {
    KeySources sources =
        new KeySources(
            List.of("  Fix the NPE in src/App.java please ", "Fix the NPE in src/App.java please", "run `mvn test`"),
            List.of("\n[INFO] building\n[ERROR] Failed to compile App.java: cannot find symbol\n  at line 3"),
            List.of("C:\\work\\src\\App.java", "/repo/pom.xml"),
            "Edited docs/GUIDE.md and the FileRecovery class; see io.engram.compaction.");
    KeyInformation k = KeyInformation.extract(sources, 40);
    // The changed files and those the user named; a file the assistant only mentions is not key.
    assertThat(k.of(KeyKind.FILE_NAMES)).containsExactly("C:/work/src/App.java", "/repo/pom.xml");
    // The line that carries the message first, then the error's other lines.
    assertThat(k.of(KeyKind.ERROR_MESSAGES)).singleElement().asString()
        .startsWith("[ERROR] Failed to compile App.java: cannot find symbol\n");
    assertThat(k.of(KeyKind.USER_INSTRUCTIONS))
        .containsExactly("Fix the NPE in src/App.java please", "run `mvn test`");
    // Names, not commands: keywords come from the user's and the assistant's prose.
    assertThat(k.of(KeyKind.TECHNICAL_KEYWORDS)).contains("FileRecovery", "io.engram.compaction")
        .doesNotContain("mvn test");
  }

  @Test
  void anErrorIsKeptByAnyOfItsLines() {
    // A compiler's first line names the package; the line after it says what is wrong, and a person retells that.
    String error = KeyInformation.errorLines("# example.com/cli/cmd\ncmd/summarise_test.go:252:37: undefined: strings");
    assertThat(new KeyMatcher("Fixed summarise_test.go: `strings` was undefined, the import was missing.", 0.6)
        .preserved(KeyKind.ERROR_MESSAGES, error)).isTrue();
    assertThat(new KeyMatcher("Renamed the checkpoint writer.", 0.6).preserved(KeyKind.ERROR_MESSAGES, error)).isFalse();
  }

  @Test
  void errorLineFallsBackToTheFirstLineAndIsCut() {
    assertThat(KeyInformation.errorLine("\n  exit status 2\nmore")).isEqualTo("exit status 2");
    String longLine = "error: " + "word ".repeat(100);
    String cut = KeyInformation.errorLine(longLine);
    assertThat(cut).hasSizeLessThanOrEqualTo(300).startsWith("error: word").doesNotEndWith(" ");
    assertThat(KeyInformation.errorLine("   \n")).isEmpty();
    assertThat(KeyInformation.errorLine("Pre-commit hook\\n\\n[FORMAT] failed: run mix format")).isEqualTo("[FORMAT] failed: run mix format");
  }

  @Test
  void noneHasEveryKindEmpty() {
    for (KeyKind kind : KeyKind.values()) {
      assertThat(KeyInformation.none().of(kind)).isEmpty();
    }
  }
}
