package io.engram.embeddings;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a HuggingFace {@code tokenizer.json} into a {@link WordPieceTokenizer}: the WordPiece vocabulary,
 * the {@code BertNormalizer} flags, the added (special) tokens, the start and end tokens of the
 * post-processor and the truncation length. Anything this Java tokenizer would not reproduce exactly
 * (another model type, normaliser or pre-tokenizer) is refused with the field that differs.
 *
 * <p>The file is read by {@link JsonReader} into plain maps and lists: loading is on the path of the
 * first recall, and that is several times faster than Jackson in a fresh JVM.
 */
final class HuggingFaceTokenizerJson {
  /** BERT's position embeddings stop at 512; a tokenizer.json without truncation gets that limit. */
  private static final int BERT_MAX_POSITIONS = 512;

  private final String source;

  private HuggingFaceTokenizerJson(String source) {
    this.source = source;
  }

  static WordPieceTokenizer read(InputStream json, String source) throws IOException {
    HuggingFaceTokenizerJson reader = new HuggingFaceTokenizerJson(source);
    Object root;
    try {
      root = JsonReader.parse(new String(json.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IllegalArgumentException e) {
      throw reader.refused(e.getMessage());
    }
    return reader.tokenizer(root);
  }

  private WordPieceTokenizer tokenizer(Object root) {
    if (!(root instanceof Map)) {
      throw refused("the file is not a JSON object");
    }
    Object model = at(root, "model");
    expect("model.type", at(model, "type"), "WordPiece");
    expect("pre_tokenizer.type", at(at(root, "pre_tokenizer"), "type"), "BertPreTokenizer");
    Map<String, Integer> vocabulary = vocabulary(at(model, "vocab"));
    String unknown = string(at(model, "unk_token"), "[UNK]");
    Object processor = at(root, "post_processor");
    return new WordPieceTokenizer(vocabulary, specialTokens(at(root, "added_tokens")),
        normalizer(at(root, "normalizer"), cased(vocabulary)),
        new WordPieceTokenizer.Ids(id(vocabulary, unknown, "model.unk_token"),
            startOrEnd(processor, vocabulary, true), startOrEnd(processor, vocabulary, false)),
        string(at(model, "continuing_subword_prefix"), "##"),
        integer(at(model, "max_input_chars_per_word"), 100),
        integer(at(at(root, "truncation"), "max_length"), BERT_MAX_POSITIONS));
  }

  private Map<String, Integer> vocabulary(Object vocab) {
    if (!(vocab instanceof Map<?, ?> entries) || entries.isEmpty()) {
      throw refused("model.vocab is missing or empty");
    }
    Map<String, Integer> out = new HashMap<>(entries.size() * 2);
    for (Map.Entry<?, ?> e : entries.entrySet()) {
      if (!(e.getValue() instanceof Integer id) || id < 0) {
        throw refused("model.vocab[\"" + e.getKey() + "\"] is not a non-negative integer id");
      }
      out.put((String) e.getKey(), id);
    }
    return out;
  }

  /**
   * HuggingFace's BertNormalizer: {@code strip_accents} null means "as lowercase". A normaliser that keeps case over
   * a vocabulary without a capital ({@code cased} false) lower-cases all the same: BERT's Chinese vocabulary as
   * exported for bge-small-zh keeps case, and every capitalised English word would reach the model as {@code [UNK]}
   * (the model was trained lower-cased, BAAI's own tokenizer says {@code do_lower_case}).
   */
  private BertBasicTokenizer normalizer(Object normalizer, boolean cased) {
    expect("normalizer.type", at(normalizer, "type"), "BertNormalizer");
    boolean lowercase = bool(at(normalizer, "lowercase"), true) || !cased;
    return new BertBasicTokenizer(bool(at(normalizer, "clean_text"), true),
        bool(at(normalizer, "handle_chinese_chars"), true), bool(at(normalizer, "strip_accents"), lowercase),
        lowercase);
  }

  /** Whether any word piece begins with a capital letter (markers such as {@code <S>} aside). */
  private static boolean cased(Map<String, Integer> vocabulary) {
    for (String piece : vocabulary.keySet()) {
      String word = piece.startsWith("##") ? piece.substring(2) : piece;
      if (!word.isEmpty() && Character.isUpperCase(word.codePointAt(0))) {
        return true;
      }
    }
    return false;
  }

  private List<WordPieceTokenizer.SpecialToken> specialTokens(Object added) {
    List<WordPieceTokenizer.SpecialToken> out = new ArrayList<>();
    for (Object token : added instanceof List<?> list ? list : List.of()) {
      String content = string(at(token, "content"), "");
      if (bool(at(token, "normalized"), false) || bool(at(token, "lstrip"), false)
          || bool(at(token, "rstrip"), false) || bool(at(token, "single_word"), false)) {
        throw refused("added token " + content
            + " is normalized, stripped or single-word, which this tokenizer does not reproduce");
      }
      out.add(new WordPieceTokenizer.SpecialToken(content, integer(at(token, "id"), -1)));
    }
    return out;
  }

  /** The id of the first ({@code start}) or last special token a single sequence is wrapped in. */
  private int startOrEnd(Object processor, Map<String, Integer> vocabulary, boolean start) {
    String type = string(at(processor, "type"), "");
    if (type.equals("BertProcessing")) {
      String field = start ? "cls" : "sep";
      Object pair = at(processor, field);
      String token = pair instanceof List<?> list && !list.isEmpty() ? string(list.get(0), "") : "";
      return id(vocabulary, token, "post_processor." + field);
    }
    if (type.equals("TemplateProcessing")) {
      if (!(at(processor, "single") instanceof List<?> single) || single.size() != 3
          || at(single.get(1), "Sequence") == null) {
        throw refused("post_processor.single is not [special, sequence, special]");
      }
      String name = string(at(at(single.get(start ? 0 : 2), "SpecialToken"), "id"), "");
      if (!(at(at(at(processor, "special_tokens"), name), "ids") instanceof List<?> ids) || ids.size() != 1
          || !(ids.get(0) instanceof Integer id)) {
        throw refused("post_processor.special_tokens[\"" + name + "\"] does not name exactly one id");
      }
      return id;
    }
    throw refused("post_processor.type is \"" + type + "\", expected BertProcessing or TemplateProcessing");
  }

  private int id(Map<String, Integer> vocabulary, String token, String field) {
    Integer id = vocabulary.get(token);
    if (id == null) {
      throw refused(field + " \"" + token + "\" is not in the vocabulary");
    }
    return id;
  }

  private void expect(String field, Object actual, String expected) {
    if (!expected.equals(actual)) {
      throw refused(field + " is \"" + actual + "\", expected \"" + expected + "\"");
    }
  }

  private IllegalArgumentException refused(String why) {
    return new IllegalArgumentException("cannot use " + source + " as a BERT WordPiece tokenizer: " + why);
  }

  /** The member {@code name} of {@code object}, or null when {@code object} is not an object or lacks it. */
  private static Object at(Object object, String name) {
    return object instanceof Map<?, ?> map ? map.get(name) : null;
  }

  private static String string(Object value, String absent) {
    return value instanceof String s ? s : absent;
  }

  private static boolean bool(Object value, boolean absent) {
    return value instanceof Boolean b ? b : absent;
  }

  private static int integer(Object value, int absent) {
    return value instanceof Integer i ? i : absent;
  }
}
