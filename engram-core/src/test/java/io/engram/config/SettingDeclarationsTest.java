package io.engram.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A section's defaults, its copies and the error for a bad value all come from its components' declarations. */
class SettingDeclarationsTest {

  /** A section as a test declares it, with a default outside its own range. */
  record OutOfRange(@Setting(byDefault = "0", min = 1, help = "a count") int count) {}

  /** A section as a test declares it, with a default of the wrong type. */
  record WrongType(@Setting(byDefault = "2.5", help = "a count") int count) {}

  /** A section as a test declares it, one component without a declaration. */
  record Undeclared(@Setting(byDefault = "1", help = "a count") int count, int other) {}

  /** Every kind of value a declaration holds. */
  record Kinds(
      @Setting(byDefault = "1_000", min = 0, help = "grouped digits") long big,
      @Setting(byDefault = "0.25", min = 0, max = 1, help = "a share") double share,
      @Setting(byDefault = "plain text", help = "a string as it is") String text,
      @Setting(byDefault = "CLAUDE_CODE", help = "an enum constant") MemorySettings.Layout layout,
      @Setting(byDefault = "['a.md', 'b.md']", help = "a list") List<String> names,
      @Setting(byDefault = "{'m': 0.5}", min = 0, max = 1, help = "a map") java.util.Map<String, Double> perModel) {}

  @Test
  void aSectionsDefaultsAreWhatItsDeclarationsSay() {
    Kinds k = SettingDeclarations.defaults(Kinds.class);
    assertThat(k.big()).isEqualTo(1_000L);
    assertThat(k.share()).isEqualTo(0.25);
    assertThat(k.text()).isEqualTo("plain text");
    assertThat(k.layout()).isEqualTo(MemorySettings.Layout.CLAUDE_CODE);
    assertThat(k.names()).containsExactly("a.md", "b.md");
    assertThat(k.perModel()).containsEntry("m", 0.5);
  }

  @Test
  void aDefaultOutsideItsRangeOrOfTheWrongTypeOrMissingIsAProgrammingError() {
    assertThatThrownBy(() -> SettingDeclarations.defaults(OutOfRange.class))
        .isInstanceOf(IllegalStateException.class).hasMessage("the declaration of OutOfRange: 'OutOfRange.count' must be at least 1, not 0");
    assertThatThrownBy(() -> SettingDeclarations.defaults(WrongType.class))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("'WrongType.count' must be a whole number, not 2.5");
    assertThatThrownBy(() -> SettingDeclarations.defaults(Undeclared.class))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("Undeclared.other has no @Setting");
  }

  @Test
  void aMapSettingKeepsTheOrderItIsDeclaredOrGivenInSoItPrintsTheSameOnEveryRun() {
    assertThat(ContextSettings.DEFAULTS.modelWindows().keySet())
        .containsExactly("claude-sonnet-4-5[1m]", "claude-sonnet-4[1m]");
    java.util.Map<String, Double> given = new java.util.LinkedHashMap<>();
    for (String model : java.util.List.of("z", "a", "m", "b", "y", "c")) {
      given.put(model, 0.5);
    }
    assertThat(RecallSettings.DEFAULTS.with("vectorFloors", given).vectorFloors().keySet())
        .containsExactly("z", "a", "m", "b", "y", "c");
  }

  @Test
  void withChangesOneValueAndKeepsTheOthers() {
    NotesSettings n = NotesSettings.DEFAULTS.with("sectionTokenCap", 50);
    assertThat(n.sectionTokenCap()).isEqualTo(50);
    assertThat(n.with("sectionTokenCap", NotesSettings.DEFAULTS.sectionTokenCap()))
        .isEqualTo(NotesSettings.DEFAULTS);
    assertThat(GovernorSettings.DEFAULTS.with("dailyTokenCap", 5).dailyTokenCap()).isEqualTo(5L);
  }

  @Test
  void withRefusesAnUnknownNameAValueOfAnotherTypeAndOneOutOfRange() {
    NotesSettings n = NotesSettings.DEFAULTS;
    assertThatThrownBy(() -> n.with("sectionCap", 5)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("NotesSettings has no setting sectionCap");
    assertThatThrownBy(() -> n.with("sectionTokenCap", "5")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("sectionTokenCap takes a whole number, not 5");
    assertThatThrownBy(() -> n.with("sectionTokenCap", 0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("sectionTokenCap must be at least 1, not 0");
    assertThatThrownBy(() -> DreamSettings.DEFAULTS.with("meaningSimilarity", java.util.Map.of("m", 1.5)))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("meaningSimilarity must be from 0 to 1, not 1.5");
  }

  @Test
  void aDeclarationSaysWhatItTakes() {
    assertThat(SettingDeclarations.all(Kinds.class, "k")).extracting(SettingDeclarations.Declared::takes)
        .containsExactly("a whole number, at least 0", "a number, from 0 to 1", "a string",
            "one of \"engram\", \"claude_code\"", "a list of strings",
            "an object whose values are numbers, each from 0 to 1");
  }
}
