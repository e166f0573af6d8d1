package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MemoryIndexTest {

  @Test
  void linesHaveTheSpecFormat() {
    Memory m = Memory.of("testing-needs-redis", MemoryType.FEEDBACK, "Integration tests\nneed Redis", "b");
    assertThat(MemoryIndex.line(m, "testing-needs-redis.md"))
        .isEqualTo("- [testing-needs-redis](testing-needs-redis.md) - Integration tests need Redis");
  }

  @Test
  void bracketsInTitlesAreEscapedAndReadBack() {
    Memory m = Memory.of("use [x] not ]y[", MemoryType.USER, "d", "b");
    String line = MemoryIndex.line(m, "f.md");
    MemoryIndex.Entry e = MemoryIndex.parse(line, 1).orElseThrow();
    assertThat(e.title()).isEqualTo("use [x] not ]y[");
    assertThat(e.target()).isEqualTo("f.md");
  }

  @Test
  void claudeCodeStyleLinesWithDashesOrColonsAreRead() {
    assertThat(MemoryIndex.parse("- [User role](user_role.md) \u2014 senior engineer", 3).orElseThrow())
        .extracting(MemoryIndex.Entry::title, MemoryIndex.Entry::target, MemoryIndex.Entry::hook)
        .containsExactly("User role", "user_role.md", "senior engineer");
    assertThat(MemoryIndex.parse("* [a](./a.md): hook", 1)).isPresent();
    assertThat(MemoryIndex.parse("# Memory index", 1)).isEmpty();
  }

  @Test
  void upsertReplacesInPlaceKeepsOtherLinesAndDropsDuplicates() {
    String index = "# Index\n\n- [a](a.md) - old\nnote by a person\n- [b](b.md) - b\n- [a again](a.md) - dup\n";
    assertThat(MemoryIndex.upsert(index, "a.md", "- [a](a.md) - new"))
        .isEqualTo("# Index\n\n- [a](a.md) - new\nnote by a person\n- [b](b.md) - b\n");
    assertThat(MemoryIndex.upsert("", "c.md", "- [c](c.md) - c")).isEqualTo("- [c](c.md) - c\n");
    assertThat(MemoryIndex.upsert("- [b](b.md) - b", "c.md", "- [c](c.md) - c"))
        .isEqualTo("- [b](b.md) - b\n- [c](c.md) - c\n");
  }

  @Test
  void removeDropsOnlyTheLinesOfThatFile() {
    assertThat(MemoryIndex.remove("- [a](a.md) - a\n- [ab](ab.md) - ab\n", "a.md")).isEqualTo("- [ab](ab.md) - ab\n");
    assertThat(MemoryIndex.remove("- [a](a.md) - a\n", "a.md")).isEmpty();
  }

  @Test
  void anExistingTitleIsKeptWhenTheMemoryIsUpdated() {
    Memory m = Memory.of("user-role", MemoryType.USER, "new hook", "b");
    assertThat(MemoryIndex.lineIn("- [User role](user_role.md) - old\n", m, "user_role.md"))
        .isEqualTo("- [User role](user_role.md) - new hook");
  }
}
