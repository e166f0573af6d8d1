package io.engram.extract;

import io.engram.testing.AdversarialText;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The extraction rules (sentences, intents, facts, dates, references, profiles, secrets) scan a megabyte in time. */
class LinearTimeScansTest {
  private final RuleBasedExtractor rules = new RuleBasedExtractor();

  @Test
  void theRulesReadAMegabyteOfUserTextInLinearTime() {
    AdversarialText.eachScansInTime(text -> rules.extract(List.of(TurnText.of(TurnRole.USER, text)), List.of()));
  }

  @Test
  void theRulesReadAMegabyteOfToolOutputInLinearTime() {
    AdversarialText.eachScansInTime(text -> rules.extract(List.of(TurnText.of(TurnRole.TOOL_OUTPUT, text)), List.of()));
  }

  @Test
  void aMegabyteOfShortRuleSentencesIsReadInLinearTime() {
    AdversarialText.eachScansInTime(text -> rules.extract(List.of(TurnText.of(TurnRole.USER, text)), List.of()),
        "rule sentences", "Always use pnpm, not npm. ".repeat(AdversarialText.SIZE / 26),
        "dated sentences", "The release freeze is on 2026-01-02. ".repeat(AdversarialText.SIZE / 37),
        "reference sentences", "The dashboard is https://grafana.example.com/d/ci. ".repeat(AdversarialText.SIZE / 51),
        "profile sentences", "I am a backend engineer. ".repeat(AdversarialText.SIZE / 25));
  }

  @Test
  void sentencesLongerThanAnyStatedRuleAreLeftToTheModel() {
    String pasted = "We use pnpm " + "x".repeat(2_000) + ", not npm.";
    org.assertj.core.api.Assertions.assertThat(rules.extract(List.of(TurnText.of(TurnRole.USER, pasted)), List.of()))
        .isEmpty();
    org.assertj.core.api.Assertions.assertThat(
        rules.extract(List.of(TurnText.of(TurnRole.USER, "We use pnpm, not npm.")), List.of())).isNotEmpty();
  }

  @Test
  void shellCommandsOfAMegabyteAreReadWithoutRunningOutOfStack() {
    int size = AdversarialText.SIZE;
    AdversarialText.eachScansInTime(line -> Commands.split(line).forEach(Commands::general),
        "a long quoted argument", "python3 -c \"" + "x".repeat(size) + "\" && ls",
        "a quoted argument full of escapes", "echo \"" + "\\\"a".repeat(size / 3) + "\"",
        "an unclosed quote full of escaped quotes", "echo \"" + "\\\"".repeat(size / 2),
        "a long single-quoted argument", "echo '" + "y ".repeat(size / 2) + "'",
        "a run of assignments", "A=b ".repeat(size / 4) + "make",
        "a run of paths", "cat " + "a/b ".repeat(size / 4),
        "a run of identifiers", "gh issue close " + "ab-12 ".repeat(size / 6),
        "a long dotted identifier", "bd close ab-1" + ".2".repeat(size / 2));
  }
}
