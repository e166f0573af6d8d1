package io.engram.config;

import io.engram.fs.HomeLayout;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsLoaderTest {

  @Test
  void missingFileGivesTheDefaults(@TempDir Path home) {
    assertThat(SettingsLoader.load(home)).isEqualTo(EngramSettings.DEFAULTS);
  }

  @Test
  void aFileThatIsNotUtf8IsAnErrorNamingTheFileAndTheEncoding(@TempDir Path home) throws Exception {
    Path file = HomeLayout.of(home).settingsFile();
    Files.createDirectories(file.getParent());
    Files.write(file, new byte[] {'{', (byte) 0xff, '}'});
    assertThatThrownBy(() -> SettingsLoader.load(home)).isInstanceOf(SettingsException.class)
        .hasMessageContaining(file.toString()).hasMessageContaining("not UTF-8 text");
  }

  @Test
  void defaultsCarryTheSpecNumbers() {
    EngramSettings d = EngramSettings.DEFAULTS;
    assertThat(d.recall().filesPerTurn()).isEqualTo(5);
    assertThat(d.recall().bytesPerSession()).isEqualTo(60 * 1024);
    assertThat(d.context().criticalRatio()).isEqualTo(0.92);
    assertThat(d.dream().minSessions()).isEqualTo(5);
    assertThat(d.notes().startTokens()).isEqualTo(10_000);
    assertThat(d.instructions().maxImportHops()).isEqualTo(5);
  }

  @Test
  void aModelsVectorShareReplacesTheSharedOneWhenThatModelReadsThePrompt() {
    RecallSettings r = SettingsLoader.parse("{\"recall\":{\"vectorShare\":0.3,"
        + "\"vectorShares\":{\"model-a\":0.8}}}", "test").recall();
    assertThat(r.readBy("model-a").vectorShare()).isEqualTo(0.8);
    assertThat(r.readBy("model-b").vectorShare()).isEqualTo(0.3);
    assertThat(r.readBy("model-a").filesPerTurn()).isEqualTo(r.filesPerTurn());
  }

  @Test
  void overlayChangesOnlyWhatItNames() {
    EngramSettings s = SettingsLoader.parse("{\"recall\":{\"filesPerTurn\":8}}", "test");
    assertThat(s.recall().filesPerTurn()).isEqualTo(8);
    assertThat(s.recall().bytesPerFile()).isEqualTo(EngramSettings.DEFAULTS.recall().bytesPerFile());
    assertThat(s.memory()).isEqualTo(EngramSettings.DEFAULTS.memory());
  }

  @Test
  void modelWindowsMergeKeyByKey() {
    EngramSettings s =
        SettingsLoader.parse("{\"context\":{\"modelWindows\":{\"my-model\":32000}}}", "test");
    assertThat(s.context().modelWindows())
        .containsEntry("my-model", 32_000)
        .containsEntry("claude-sonnet-4-5[1m]", 1_000_000);
  }

  @Test
  void unknownKeyIsAnErrorNamingTheKeyAndTheKnownOnes() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"recall\":{\"filesPerTurm\":8}}", "settings.json"))
        .isInstanceOf(SettingsException.class)
        .hasMessageStartingWith("settings.json: unknown key 'recall.filesPerTurm'; did you mean 'filesPerTurn'?")
        .hasMessageContaining("known keys in 'recall': manifestMaxFiles, filesPerTurn,");
  }

  @Test
  void unknownTopLevelKeyListsTheSections() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"recal\":{}}", "settings.json"))
        .isInstanceOf(SettingsException.class)
        .hasMessage("settings.json: unknown key 'recal'; did you mean 'recall'? (known keys at the top level:"
            + " instructions, memory, notes, extraction, dream, recall, context, compaction, model, governor, hooks,"
            + " service, team)")
        .hasMessageNotContaining("io.engram");
  }

  @Test
  void wrongTypeIsAnErrorNamingTheKey() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"notes\":{\"startTokens\":\"many\"}}", "s.json"))
        .isInstanceOf(SettingsException.class)
        .hasMessage("s.json: 'notes.startTokens' must be a whole number, not the string \"many\"");
  }

  @Test
  void aNumberInAStringIsNotANumber() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"recall\":{\"filesPerTurn\":\"8\"}}", "s.json"))
        .isInstanceOf(SettingsException.class)
        .hasMessage("s.json: 'recall.filesPerTurn' must be a whole number, not the string \"8\"");
  }

  @Test
  void aStringIsNotABooleanNorABooleanAString() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"extraction\":{\"enabled\":\"true\"}}", "s.json"))
        .hasMessage("s.json: 'extraction.enabled' must be true or false, not the string \"true\"");
    assertThatThrownBy(() -> SettingsLoader.parse("{\"extraction\":{\"enabled\":1}}", "s.json"))
        .hasMessage("s.json: 'extraction.enabled' must be true or false, not 1");
    assertThatThrownBy(() -> SettingsLoader.parse("{\"model\":{\"provider\":true}}", "s.json"))
        .hasMessage("s.json: 'model.provider' must be a string, not true");
  }

  @Test
  void aFractionIsNotAWholeNumber() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"recall\":{\"filesPerTurn\":8.5}}", "s.json"))
        .hasMessage("s.json: 'recall.filesPerTurn' must be a whole number, not 8.5");
  }

  @Test
  void aWholeNumberIsANumber() {
    assertThat(SettingsLoader.parse("{\"recall\":{\"hotnessHalfLifeDays\":7}}", "s").recall().hotnessHalfLifeDays())
        .isEqualTo(7.0);
  }

  @Test
  void aNumberTooLargeForTheSettingIsAnError() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"recall\":{\"filesPerTurn\":99999999999}}", "s.json"))
        .hasMessage("s.json: 'recall.filesPerTurn' must be a whole number, not 99999999999 (too large)");
  }

  @Test
  void aNullSectionIsAnErrorNamingTheKey() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"recall\":null}", "s.json"))
        .isInstanceOf(SettingsException.class)
        .hasMessage("s.json: 'recall' is null; it takes an object (leave the key out to keep the default)");
  }

  @Test
  void aNullValueIsAnErrorNamingTheKey() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"memory\":{\"claudeHome\":null}}", "s.json"))
        .hasMessage("s.json: 'memory.claudeHome' is null; it takes a string (leave the key out to keep the default)");
    assertThatThrownBy(() -> SettingsLoader.parse("{\"instructions\":{\"fileNames\":[\"A.md\",null]}}", "s.json"))
        .hasMessageStartingWith("s.json: 'instructions.fileNames[1]' is null; it takes a string");
    assertThatThrownBy(() -> SettingsLoader.parse("{\"context\":{\"modelWindows\":{\"m\":null}}}", "s.json"))
        .hasMessageStartingWith("s.json: 'context.modelWindows.m' is null; it takes a whole number");
  }

  @Test
  void anUnknownEnumValueListsTheAllowedOnesInLowerCase() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"recall\":{\"fusion\":\"rank\"}}", "s.json"))
        .hasMessage("s.json: 'recall.fusion' must be one of \"scores\", \"rrf\", not the string \"rank\"");
  }

  @Test
  void enumValuesAreReadInAnyCaseAndWrittenInLowerCase() {
    assertThat(SettingsLoader.parse("{\"memory\":{\"review\":\"propose\"}}", "t").memory().review())
        .isEqualTo(MemorySettings.Review.PROPOSE);
    assertThat(SettingsLoader.parse("{\"memory\":{\"review\":\"Propose\"}}", "t").memory().review())
        .isEqualTo(MemorySettings.Review.PROPOSE);
    assertThat(SettingsLoader.parse("{\"recall\":{\"fusion\":\"rrf\"}}", "t").recall().fusion())
        .isEqualTo(RecallSettings.Fusion.RRF);
    String json = SettingsLoader.toJson(SettingsLoader.parse("{\"memory\":{\"review\":\"PROPOSE\"}}", "t"));
    assertThat(json).contains("\"review\" : \"propose\"").contains("\"layout\" : \"engram\"");
    assertThat(SettingsLoader.parse(json, "config")).isEqualTo(
        SettingsLoader.parse("{\"memory\":{\"review\":\"propose\"}}", "t"));
  }

  @Test
  void aListOfTheWrongElementsIsAnError() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"instructions\":{\"fileNames\":\"CLAUDE.md\"}}", "s.json"))
        .hasMessage("s.json: 'instructions.fileNames' must be a list of strings, not the string \"CLAUDE.md\"");
    assertThatThrownBy(() -> SettingsLoader.parse("{\"instructions\":{\"fileNames\":[1]}}", "s.json"))
        .hasMessage("s.json: 'instructions.fileNames[0]' must be a string, not 1");
  }

  @Test
  void aNegativeCountIsAnErrorNamingTheRange() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"recall\":{\"filesPerTurn\":-5}}", "s.json"))
        .isInstanceOf(SettingsException.class)
        .hasMessage("s.json: 'recall.filesPerTurn' must be at least 1, not -5");
  }

  @Test
  void moreRecentTurnsThanASessionKeepsIsAnErrorNamingTheRange() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"context\":{\"turnsLeft\":{\"recentTurns\":65}}}", "s.json"))
        .isInstanceOf(SettingsException.class)
        .hasMessage("s.json: 'context.turnsLeft.recentTurns' must be from 1 to 64, not 65");
    assertThat(SettingsLoader.parse("{\"context\":{\"turnsLeft\":{\"recentTurns\":64}}}", "s.json").context()
        .turnsLeft().recentTurns()).isEqualTo(ContextSettings.TurnsLeft.TURNS_KEPT);
  }

  @Test
  void aFractionAboveOneIsAnErrorNamingTheRange() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"recall\":{\"vectorShare\":1.5}}", "s.json"))
        .hasMessage("s.json: 'recall.vectorShare' must be from 0 to 1, not 1.5");
  }

  @Test
  void aNegativeRescoringWeightIsAnErrorAndTheOtherWeightsKeepTheirDefaults() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"recall\":{\"rescoring\":{\"substance\":-0.5}}}", "s.json"))
        .hasMessage("s.json: 'recall.rescoring.substance' must be from 0 to 10, not -0.5");
    RecallSettings.Rescoring r =
        SettingsLoader.parse("{\"recall\":{\"rescoring\":{\"ownText\":0}}}", "s.json").recall().rescoring();
    assertThat(r.ownText()).isZero();
    assertThat(r.substance()).isEqualTo(RecallSettings.Rescoring.DEFAULTS.substance());
    assertThat(r.enabled()).isTrue();
  }

  @Test
  void aQuestionShareThatWouldZeroAScoreIsAnError() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"recall\":{\"rescoring\":{\"question\":1}}}", "s.json"))
        .hasMessage("s.json: 'recall.rescoring.question' must be from 0 to 0.9, not 1");
    assertThat(SettingsLoader.parse("{\"recall\":{\"rescoring\":{\"group\":0,\"answers\":0}}}", "s.json")
        .recall().rescoring()).isEqualTo(RecallSettings.Rescoring.DEFAULTS.with("group", 0.0).with("answers", 0.0));
  }

  @Test
  void aZeroHalfLifeIsAnError() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"recall\":{\"hotnessHalfLifeDays\":0}}", "s.json"))
        .hasMessage("s.json: 'recall.hotnessHalfLifeDays' must be greater than 0, not 0");
  }

  @Test
  void aModelWindowMustBePositive() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"context\":{\"modelWindows\":{\"m\":0}}}", "s.json"))
        .hasMessage("s.json: 'context.modelWindows.m' must be at least 1, not 0");
  }

  @Test
  void warningLevelsMustRise() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"context\":{\"warningRatio\":0.9}}", "s.json"))
        .hasMessage("s.json: 'context.warningRatio' (0.9) must not be more than 'context.urgentRatio' (0.8)");
  }

  @Test
  void theOfflineSummarysDetailSharesMustFitWhatTheCoresLeave() {
    assertThatThrownBy(() -> SettingsLoader.parse(
        "{\"compaction\":{\"offline\":{\"accountShare\":0.5,\"codeShare\":0.75}}}", "s.json"))
        .isInstanceOf(SettingsException.class)
        .hasMessage("s.json: 'compaction.offline.accountShare' and 'codeShare' share what the sections' cores leave,"
            + " and must add up to at most 1, not 1.25");
    assertThat(SettingsLoader.parse("{\"compaction\":{\"offline\":{\"codeShare\":0.6}}}", "s.json").compaction()
        .offline().codeShare()).isEqualTo(0.6);
  }

  @Test
  void budgetSharesMustFitTheWindow() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"context\":{\"filesShare\":0.9}}", "s.json"))
        .hasMessageContaining("must add up to at most 1");
  }

  @Test
  void compactionWeightsMustAddUpToOne() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"compaction\":{\"weightSections\":0.5}}", "s.json"))
        .hasMessageContaining("'compaction.weightSections', 'weightKeyInfo', 'weightContinuity' and"
            + " 'weightCompression' must add up to 1");
  }

  @Test
  void aDuplicateKeyIsAnError() {
    assertThatThrownBy(() -> SettingsLoader.parse("{\"recall\":{},\"recall\":{}}", "s.json"))
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining("s.json: not valid JSON")
        .hasMessageContaining("recall");
  }

  @Test
  void settingsThatAreNotAnObjectAreAnError() {
    for (String text : new String[] {"[]", "null", "8", "\"recall\""}) {
      assertThatThrownBy(() -> SettingsLoader.parse(text, "s.json"))
          .as(text)
          .isInstanceOf(SettingsException.class)
          .hasMessageStartingWith("s.json: settings must be a JSON object");
    }
  }

  @Test
  void theDefaultsAreWithinEveryRange() {
    SettingsRanges.check(EngramSettings.DEFAULTS, "defaults");
    SettingsShape.check(new com.fasterxml.jackson.databind.ObjectMapper().valueToTree(EngramSettings.DEFAULTS), "defaults");
  }

  @Test
  void everySettingIsDeclared() {
    java.util.Set<String> declared = new java.util.TreeSet<>();
    SettingDeclarations.all(EngramSettings.class, "").forEach(d -> declared.add(d.key()));
    java.util.Set<String> all = new java.util.TreeSet<>();
    collectKeys(EngramSettings.class, "", all);
    assertThat(declared).isEqualTo(all);
  }

  private static void collectKeys(Class<?> section, String prefix, java.util.Set<String> into) {
    for (RecordComponent c : section.getRecordComponents()) {
      String key = prefix.isEmpty() ? c.getName() : prefix + "." + c.getName();
      if (c.getType().isRecord()) {
        collectKeys(c.getType(), key, into);
      } else {
        into.add(key);
      }
    }
  }

  @Test
  void malformedJsonIsAnError(@TempDir Path home) throws Exception {
    Files.writeString(HomeLayout.of(home).settingsFile(), "{ nope");
    assertThatThrownBy(() -> SettingsLoader.load(home))
        .isInstanceOf(SettingsException.class)
        .hasMessageContaining("settings.json");
  }

  @Test
  void enumLayoutIsReadByName() {
    EngramSettings s = SettingsLoader.parse("{\"memory\":{\"layout\":\"CLAUDE_CODE\"}}", "t");
    assertThat(s.memory().layout()).isEqualTo(MemorySettings.Layout.CLAUDE_CODE);
  }

  @Property(tries = 500)
  void anyJsonEitherLoadsOrIsASettingsError(@ForAll("settingsJson") String json) {
    try {
      SettingsLoader.parse(json, "p.json");
    } catch (SettingsException e) {
      assertThat(e.getMessage()).startsWith("p.json: ").doesNotContain("io.engram");
    }
  }

  @Property(tries = 300)
  void anyTextEitherLoadsOrIsASettingsError(@ForAll String text) {
    try {
      SettingsLoader.parse(text, "p.json");
    } catch (SettingsException e) {
      assertThat(e.getMessage()).startsWith("p.json: ");
    }
  }

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  @Provide
  Arbitrary<String> settingsJson() {
    return Arbitraries.oneOf(object(3), oneChangedDefault()).map(JsonNode::toString);
  }

  // The defaults with one value replaced: reaches the range and cross-field checks far more often.
  private Arbitrary<JsonNode> oneChangedDefault() {
    List<String[]> paths = new ArrayList<>();
    JsonNode defaults = new com.fasterxml.jackson.databind.ObjectMapper().valueToTree(EngramSettings.DEFAULTS);
    defaults.fields().forEachRemaining(section ->
        section.getValue().fieldNames().forEachRemaining(key -> paths.add(new String[] {section.getKey(), key})));
    return Arbitraries.of(paths).flatMap(path -> value(1).map(v -> {
      ObjectNode root = NODES.objectNode();
      root.putObject(path[0]).set(path[1], v);
      return root;
    }));
  }

  private Arbitrary<JsonNode> object(int depth) {
    Arbitrary<String> keys = Arbitraries.oneOf(Arbitraries.of(knownKeys()), Arbitraries.strings().ofMaxLength(6));
    return Arbitraries.maps(keys, value(depth - 1)).ofMaxSize(4).map(map -> {
      ObjectNode node = NODES.objectNode();
      map.forEach(node::set);
      return node;
    });
  }

  private Arbitrary<JsonNode> value(int depth) {
    Arbitrary<JsonNode> scalar = Arbitraries.oneOf(
        Arbitraries.integers().map(NODES::numberNode),
        Arbitraries.longs().map(NODES::numberNode),
        Arbitraries.doubles().map(NODES::numberNode),
        Arbitraries.of(-1, 0, 1, 2, 100).map(NODES::numberNode),
        Arbitraries.of(-0.5, 0.0, 0.5, 1.0, 1.5).map(NODES::numberNode),
        Arbitraries.bigIntegers().between(java.math.BigInteger.TEN.pow(30).negate(), java.math.BigInteger.TEN.pow(30))
            .map(NODES::numberNode),
        Arbitraries.of("8", "", "true", "SCORES", "RRF", "ENGRAM", "x").map(NODES::textNode),
        Arbitraries.of(true, false).map(NODES::booleanNode),
        Arbitraries.just(NODES.nullNode()));
    if (depth <= 0) {
      return scalar;
    }
    Arbitrary<JsonNode> array = scalar.list().ofMaxSize(3).map(items -> {
      ArrayNode node = NODES.arrayNode();
      items.forEach(node::add);
      return node;
    });
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(4, scalar), net.jqwik.api.Tuple.of(1, array),
        net.jqwik.api.Tuple.of(2, Arbitraries.lazy(() -> object(depth))));
  }

  private static List<String> knownKeys() {
    List<String> keys = new ArrayList<>();
    for (RecordComponent section : EngramSettings.class.getRecordComponents()) {
      keys.add(section.getName());
      for (RecordComponent c : section.getType().getRecordComponents()) {
        keys.add(c.getName());
      }
    }
    keys.addAll(Map.of("m", 1, "claude-opus-4-6", 1).keySet());
    return keys;
  }
}
