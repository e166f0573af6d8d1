package io.engram.cli.memory;

import io.engram.cli.global.GlobalOptions;
import io.engram.config.RecallSettings;
import io.engram.embeddings.BertModel;
import io.engram.recall.Script;
import io.engram.service.wiring.RecallWiring;
import java.util.Optional;

/**
 * What to tell a person whose text the Chinese model would read ({@link Script#CJK}: Chinese or Japanese, as the pair
 * routes it; it has no Korean) while the models are picked by what is installed and the Chinese one is not. The
 * English model reads Chinese poorly (any two Chinese texts score alike), so such text is matched by its words alone,
 * and the person typing it is the one who can install the model: the note goes where they type Chinese, a query to
 * recall or a memory to keep.
 */
final class ChineseModelNote {
  private ChineseModelNote() {}

  /** The note for a recall query, when one is due. */
  static Optional<String> forQuery(String query, GlobalOptions global) {
    return due(query, global).map(install -> "this query is in " + language(query) + " and only the English model is"
        + " installed, so its words are matched but not its meaning; " + install);
  }

  /** The note for a memory being saved, when one is due. */
  static Optional<String> forMemory(String body, GlobalOptions global) {
    return due(body, global).map(install -> "this memory is in " + language(body) + " and only the English model is"
        + " installed, so recall will match its words but not its meaning; " + install);
  }

  // Kana are Japanese alone; Han without them is taken for Chinese, the language most such text here is in.
  private static String language(String text) {
    return Script.hasKana(text) ? "Japanese" : "Chinese";
  }

  private static Optional<String> due(String text, GlobalOptions global) {
    RecallSettings recall = global.settings().recall();
    boolean auto = recall.embeddingModel().strip().equalsIgnoreCase(RecallWiring.AUTO)
        && recall.vectors() != RecallSettings.Vectors.NEVER;
    if (!auto || Script.of(text) != Script.CJK
        || RecallWiring.modelName(global.roots().engramHome(), recall).contains("+")) {
      return Optional.empty();
    }
    return Optional.of("'engram models add " + BertModel.BGE_SMALL_ZH_V15_Q.name() + "' installs the Chinese model");
  }
}
