package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MemoryNamesTest {

  @Test
  void fileNamesAreSlugsOfTheName() {
    assertThat(MemoryNames.fileName("Testing needs Redis!")).isEqualTo("testing-needs-redis.md");
    assertThat(MemoryNames.fileName("  CI/CD   pipeline ")).isEqualTo("ci-cd-pipeline.md");
    assertThat(MemoryNames.fileName("用户偏好")).isEqualTo("用户偏好.md");
    assertThat(MemoryNames.fileName("x".repeat(150))).hasSize(MemoryNames.MAX_SLUG + 3);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "../etc/passwd", "..", ".", "a/../../b", "..\\windows", "notes/./x", "/etc/passwd", "\\\\server\\share",
      "C:\\Windows", "c:relative", "~/secrets", "~", "with\0nul", "line\nbreak", "tab\tin", "", "   ",
      "!!!", "---", "CON", "con", "Nul", "PRN", "aux", "COM1", "lpt9", "MEMORY", "MEMORY.md", "memory.md"})
  void refusedNamesAreRefusedWithAClearError(String name) {
    assertThatThrownBy(() -> MemoryNames.fileName(name))
        .isInstanceOf(InvalidMemoryNameException.class)
        .hasMessageStartingWith("invalid memory name ");
    assertThat(MemoryNames.isValid(name)).isFalse();
  }

  @Test
  void overlongNamesAreRefused() {
    assertThatThrownBy(() -> MemoryNames.fileName("a".repeat(MemoryNames.MAX_NAME + 1)))
        .hasMessageContaining("longer than");
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "invoice\u202Efdp.exe", "deploy\u2066key\u2069", "zero\u200Bwidth", "joined\u200Dname", "\uFEFFbom-first",
      "left\u200Eto-right", "line\u2028separator", "hangul\u3164filler"})
  void namesWithInvisibleOrTextDirectionCharactersAreRefusedNamingTheCharacter(String name) {
    int hidden = name.codePoints().filter(c -> c > 0x7F).findFirst().orElseThrow();
    assertThatThrownBy(() -> MemoryNames.fileName(name))
        .isInstanceOf(InvalidMemoryNameException.class)
        .hasMessageContaining(String.format("U+%04X", hidden));
  }

  @Test
  void namesInOtherScriptsWithVisibleMarksStayAccepted() {
    assertThat(MemoryNames.fileName("café crème")).isEqualTo("café-crème.md");
    assertThat(MemoryNames.fileName("שלום עולם")).isEqualTo("שלום-עולם.md");
  }

  @Test
  void namesThatOnlyLookLikeReservedOnesAreAccepted() {
    assertThat(MemoryNames.fileName("console")).isEqualTo("console.md");
    assertThat(MemoryNames.fileName("con.txt")).isEqualTo("con-txt.md");
    assertThat(MemoryNames.fileName("memory-leak")).isEqualTo("memory-leak.md");
    assertThat(MemoryNames.fileName("a..b")).isEqualTo("a-b.md");
  }

  @Property(tries = 500)
  void anAcceptedNameAlwaysGivesAPlainFileInsideTheDirectory(@ForAll String name) {
    if (!MemoryNames.isValid(name)) {
      return;
    }
    String file = MemoryNames.fileName(name);
    assertThat(file).endsWith(".md").doesNotContain("/", "\\", "\0", "..").doesNotStartWith(".");
    assertThat(java.nio.file.Path.of("/mem").resolve(file).normalize().getParent())
        .isEqualTo(java.nio.file.Path.of("/mem"));
  }
}
