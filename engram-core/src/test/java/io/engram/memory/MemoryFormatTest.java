package io.engram.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class MemoryFormatTest {
  private static final Path WHERE = Path.of("topic.md");

  static Stream<Path> claudeCodeFiles() throws Exception {
    return Files.list(Fixtures.dir("claude-code")).filter(p -> !p.getFileName().toString().equals("MEMORY.md"))
        .sorted();
  }

  @ParameterizedTest
  @MethodSource("claudeCodeFiles")
  void claudeCodeWrittenFilesRoundTripByteForByte(Path file) throws Exception {
    String text = Files.readString(file);
    Memory m = MemoryFormat.read(file, 1 << 20);
    assertThat(MemoryFormat.format(m)).isEqualTo(text);
    assertThat(m.created()).isEmpty();
    assertThat(m.source()).isEmpty();
  }

  @Test
  void claudeCodeFieldsAreRead() throws Exception {
    Memory m = MemoryFormat.read(Fixtures.dir("claude-code").resolve("feedback_testing_redis.md"), 1 << 20);
    assertThat(m.name()).isEqualTo("testing-needs-redis");
    assertThat(m.type()).isEqualTo(MemoryType.FEEDBACK);
    assertThat(m.description()).startsWith("Integration tests need a local Redis");
    assertThat(m.body()).startsWith("\nIntegration tests under `src/it`");
  }

  @Test
  void unknownKeysAreKeptInOrderOnRewrite() throws Exception {
    String text = "---\nname: n\nzeta: 1\ndescription: d\nalpha:\n  nested: true\ntype: project\nmid: [a, b]\n---\nbody";
    Memory m = MemoryFormat.parse(text, WHERE);
    assertThat(m.unknownKeys()).containsOnlyKeys("zeta", "alpha", "mid");
    assertThat(List.copyOf(m.unknownKeys().keySet())).containsExactly("zeta", "alpha", "mid");
    Memory again = MemoryFormat.parse(MemoryFormat.format(m.toBuilder().body("new").build()), WHERE);
    assertThat(again.unknownKeys()).isEqualTo(m.unknownKeys());
    assertThat(List.copyOf(again.unknownKeys().keySet())).containsExactly("zeta", "alpha", "mid");
  }

  @Test
  void engramFieldsRoundTrip() throws Exception {
    Memory m = Memory.builder("deploy-window", MemoryType.PROJECT)
        .description("Deploys only on Tuesdays")
        .body("Body\n")
        .created(Instant.parse("2026-05-01T10:00:00Z"))
        .updated(Instant.parse("2026-05-02T11:30:00Z"))
        .source(MemorySource.MODEL)
        .session("c0ffee-1234")
        .supersedes(List.of("deploy-any-day"))
        .supersededBy("deploy-window-v2")
        .validUntil(Instant.parse("2026-12-31T00:00:00Z"))
        .lastRecalled(Instant.parse("2026-05-03T08:00:00Z"))
        .recallCount(4)
        .paths(List.of("deploy/Jenkinsfile", "io.acme.Deploy#run"))
        .unknownKeys(Map.of("owner", "ops"))
        .build();
    assertThat(MemoryFormat.parse(MemoryFormat.format(m), WHERE)).isEqualTo(m);
  }

  @Test
  void dateOnlyValuesAreReadAsStartOfDayUtc() throws Exception {
    Memory m = MemoryFormat.parse("---\nname: n\ntype: user\nvalidUntil: 2026-05-11\n---\n", WHERE);
    assertThat(m.validUntil()).contains(Instant.parse("2026-05-11T00:00:00Z"));
  }

  @Test
  void noFrontmatterIsReported() throws Exception {
    assertProblem("no-frontmatter.md", "no frontmatter");
  }

  @Test
  void unterminatedFrontmatterIsReported() throws Exception {
    assertProblem("unterminated.md", "no closing '---'");
  }

  @Test
  void brokenYamlIsReported() throws Exception {
    assertProblem("broken-yaml.md", "broken frontmatter");
  }

  @Test
  void aTypeOutsideTheClosedSetIsReported() throws Exception {
    assertProblem("wrong-type.md", "wrong type 'opinion'");
  }

  @Test
  void invalidUtf8IsReported() throws Exception {
    assertProblem("invalid-utf8.md", "not valid UTF-8");
  }

  @Test
  void aFileOverTheSizeLimitIsReported() throws Exception {
    Path file = Fixtures.dir("claude-code").resolve("user_role.md");
    assertThatThrownBy(() -> MemoryFormat.read(file, 100))
        .isInstanceOf(InvalidMemoryException.class).hasMessageContaining("over the limit of 100");
  }

  @Test
  void missingNameOrTypeIsReported() {
    assertThatThrownBy(() -> MemoryFormat.parse("---\ntype: user\n---\n", WHERE)).hasMessageContaining("no 'name'");
    assertThatThrownBy(() -> MemoryFormat.parse("---\nname: x\n---\n", WHERE)).hasMessageContaining("no 'type'");
    assertThatThrownBy(() -> MemoryFormat.parse("---\nname: x\ntype: user\nrecallCount: -1\n---\n", WHERE))
        .hasMessageContaining("recallCount");
    assertThatThrownBy(() -> MemoryFormat.parse("---\nname: x\ntype: user\ncreated: last week\n---\n", WHERE))
        .hasMessageContaining("'created' is not an ISO-8601");
  }

  @Property(tries = 300)
  void anyDescriptionAndNameSurviveFormatAndParse(
      @ForAll("texts") String description, @ForAll("texts") String body, @ForAll("texts") String name)
      throws Exception {
    Memory m = Memory.builder(name.isEmpty() ? "n" : name, MemoryType.FEEDBACK)
        .description(description).body(body).paths(List.of(description)).build();
    Memory back = MemoryFormat.parse(MemoryFormat.format(m), WHERE);
    assertThat(back).isEqualTo(m);
  }

  @Provide
  Arbitrary<String> texts() {
    Arbitrary<String> tricky = Arbitraries.of("true", "no", "null", "~", "0x1F", "0o17", "1e3", "12:30", ".inf",
        "- item", "key: value", "a #comment", "[x]", "{y}", "'q'", "\"dq\"", "---", "...", "@at", "`tick`",
        "*star", "&anchor", "!tag", "|", ">", "%pct", "?q", " lead", "trail ", "tab\there", "nl\nhere",
        "2026-05-11", "3.14", "+1", "-", "中文名字", "emoji \uD83D\uDE00", "\u0085nel", "back\\slash", ":colon");
    Arbitrary<String> random = Arbitraries.strings().withCharRange(' ', '~').withChars('\n', '\t', 'é', '中')
        .ofMaxLength(40);
    return Arbitraries.oneOf(tricky, random);
  }

  private static void assertProblem(String fixture, String reason) {
    Path file = Fixtures.dir("bad").resolve(fixture);
    assertThatThrownBy(() -> MemoryFormat.read(file, 1 << 20))
        .isInstanceOf(InvalidMemoryException.class)
        .hasMessageContaining(fixture)
        .hasMessageContaining(reason)
        .satisfies(e -> assertThat(((InvalidMemoryException) e).problem().path()).isEqualTo(file));
  }
}
