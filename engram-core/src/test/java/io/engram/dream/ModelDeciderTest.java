package io.engram.dream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class ModelDeciderTest {
  static final Map<String, String> FILES = Map.of("a", "a.md", "b", "b.md", "c", "c.md");

  @Test
  void aValidAnswerBecomesDecisionsByFileName() {
    Decisions d = ModelDecider.parse("""
        ```json
        {"merges":[{"target":"a","sources":["b"]}],"supersessions":[{"older":"c","newer":"a","reason":"r"}],
         "rewrites":[{"name":"a","body":"New body"}]}
        ```""", FILES);
    assertThat(d.merges()).containsExactly(new Decisions.Merge("a.md", java.util.List.of("b.md")));
    assertThat(d.supersessions()).containsExactly(new Decisions.Supersession("c.md", "a.md", "model: r"));
    assertThat(d.rewrites()).containsEntry("a.md", "New body\n");
  }

  @Test
  void namesOutsideTheListAndContradictoryDecisionsAreRefusedWithTheReason() {
    assertThatThrownBy(() -> ModelDecider.parse("{\"merges\":[{\"target\":\"x\",\"sources\":[\"a\"]}]}", FILES))
        .hasMessageContaining("'x' is not one of the memory names");
    assertThatThrownBy(() -> ModelDecider.parse("{\"merges\":[{\"target\":\"a\",\"sources\":[\"a\"]}]}", FILES))
        .hasMessageContaining("merged twice or into itself");
    assertThatThrownBy(() -> ModelDecider.parse(
        "{\"merges\":[{\"target\":\"a\",\"sources\":[\"b\"]}],\"supersessions\":[{\"older\":\"b\",\"newer\":\"c\"}]}", FILES))
        .hasMessageContaining("not merged away");
    assertThatThrownBy(() -> ModelDecider.parse("{\"rewrites\":[{\"name\":\"a\",\"body\":\" \"}]}", FILES))
        .hasMessageContaining("needs a body");
    assertThatThrownBy(() -> ModelDecider.parse("[]", FILES)).hasMessageContaining("one JSON object");
  }

  @Test
  void aRewriteThatChangesQuotedOrCodeTextIsRefused() {
    Map<String, String> bodies = Map.of("a.md", "Deadline next Friday.\n\n(As said: \"next Friday\")\nRun `make ship`.\n");
    assertThatThrownBy(() -> ModelDecider.parse(
        "{\"rewrites\":[{\"name\":\"a\",\"body\":\"Deadline 2026-12-04. (As said: \\\"2026-12-04\\\") Run `make ship`.\"}]}",
        FILES, bodies)).hasMessageContaining("must stay verbatim").hasMessageContaining("\"next Friday\"");
    Decisions ok = ModelDecider.parse(
        "{\"rewrites\":[{\"name\":\"a\",\"body\":\"Deadline: next Friday. (As said: \\\"next Friday\\\") `make ship`.\"}]}",
        FILES, bodies);
    assertThat(ok.rewrites()).containsKey("a.md");
  }

  @Property(tries = 300)
  void anyAnswerEitherParsesOrIsRefusedAsUnusable(@ForAll String answer) {
    try {
      Decisions d = ModelDecider.parse(answer, FILES);
      assertThat(d).isNotNull();
    } catch (IllegalArgumentException e) {
      assertThat(e.getMessage()).isNotBlank();
    }
  }
}
