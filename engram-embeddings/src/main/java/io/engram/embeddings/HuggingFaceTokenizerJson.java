package io.engram.embeddings;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a HuggingFace {@code tokenizer.json} into a {@link WordPieceTokenizer}: the WordPiece vocabulary,
 * the {@code BertNormalizer} flags, the added (special) tokens, the start and end tokens of the
 * post-processor and the truncation length. Anything this Java tokenizer would not reproduce exactly
 * (another model type, normaliser or pre-tokenizer) is refused with the field that differs.
 */
final class HuggingFaceTokenizerJson {
  /** BERT's position embeddings stop at 512; a tokenizer.json without truncation gets that limit. */
  private static final int BERT_MAX_POSITIONS = 512;

  private HuggingFaceTokenizerJson() {}

  static WordPieceTokenizer read(InputStream json, String source) throws IOException {
    JsonNode root = new ObjectMapper().readTree(json);
    if (root == null || !root.isObject()) {
      throw refused(source, "the file is not a JSON object");
    }
    JsonNode model = root.path("model");
    expect(source, "model.type", model.path("type").asText(), "WordPiece");
    expect(source, "pre_tokenizer.type", root.path("pre_tokenizer").path("type").asText(), "BertPreTokenizer");
    Map<String, Integer> vocabulary = vocabulary(model.path("vocab"), source);
    String unknown = model.path("unk_token").asText("[UNK]");
    return new WordPieceTokenizer(vocabulary, specialTokens(root.path("added_tokens"), source),
        normalizer(root.path("normalizer"), source),
        new WordPieceTokenizer.Ids(id(vocabulary, unknown, source, "model.unk_token"),
            startAndEnd(root.path("post_processor"), vocabulary, source, true),
            startAndEnd(root.path("post_processor"), vocabulary, source, false)),
        model.path("continuing_subword_prefix").asText("##"),
        model.path("max_input_chars_per_word").asInt(100),
        root.path("truncation").path("max_length").asInt(BERT_MAX_POSITIONS));
  }

  private static Map<String, Integer> vocabulary(JsonNode vocab, String source) {
    if (!vocab.isObject() || vocab.isEmpty()) {
      throw refused(source, "model.vocab is missing or empty");
    }
    Map<String, Integer> out = new HashMap<>(vocab.size() * 2);
    for (Map.Entry<String, JsonNode> e : vocab.properties()) {
      if (!e.getValue().canConvertToInt() || e.getValue().asInt() < 0) {
        throw refused(source, "model.vocab[\"" + e.getKey() + "\"] is not a non-negative integer id");
      }
      out.put(e.getKey(), e.getValue().asInt());
    }
    return out;
  }

  /** HuggingFace's BertNormalizer: {@code strip_accents} null means "as lowercase". */
  private static BertBasicTokenizer normalizer(JsonNode normalizer, String source) {
    expect(source, "normalizer.type", normalizer.path("type").asText(), "BertNormalizer");
    boolean lowercase = normalizer.path("lowercase").asBoolean(true);
    JsonNode strip = normalizer.path("strip_accents");
    return new BertBasicTokenizer(normalizer.path("clean_text").asBoolean(true),
        normalizer.path("handle_chinese_chars").asBoolean(true),
        strip.isBoolean() ? strip.asBoolean() : lowercase, lowercase);
  }

  private static List<WordPieceTokenizer.SpecialToken> specialTokens(JsonNode added, String source) {
    List<WordPieceTokenizer.SpecialToken> out = new ArrayList<>();
    for (JsonNode token : added) {
      if (token.path("normalized").asBoolean(false) || token.path("lstrip").asBoolean(false)
          || token.path("rstrip").asBoolean(false) || token.path("single_word").asBoolean(false)) {
        throw refused(source, "added token " + token.path("content").asText()
            + " is normalized, stripped or single-word, which this tokenizer does not reproduce");
      }
      out.add(new WordPieceTokenizer.SpecialToken(token.path("content").asText(), token.path("id").asInt()));
    }
    return out;
  }

  /** The id of the first ({@code start}) or last special token a single sequence is wrapped in. */
  private static int startAndEnd(JsonNode processor, Map<String, Integer> vocabulary, String source, boolean start) {
    String type = processor.path("type").asText();
    if (type.equals("BertProcessing")) {
      JsonNode pair = processor.path(start ? "cls" : "sep");
      return id(vocabulary, pair.path(0).asText(), source, "post_processor." + (start ? "cls" : "sep"));
    }
    if (type.equals("TemplateProcessing")) {
      JsonNode single = processor.path("single");
      if (single.size() != 3 || !single.path(1).has("Sequence")) {
        throw refused(source, "post_processor.single is not [special, sequence, special]");
      }
      String name = single.path(start ? 0 : 2).path("SpecialToken").path("id").asText();
      JsonNode ids = processor.path("special_tokens").path(name).path("ids");
      if (ids.size() != 1) {
        throw refused(source, "post_processor.special_tokens[\"" + name + "\"] does not name exactly one id");
      }
      return ids.path(0).asInt();
    }
    throw refused(source, "post_processor.type is \"" + type + "\", expected BertProcessing or TemplateProcessing");
  }

  private static int id(Map<String, Integer> vocabulary, String token, String source, String field) {
    Integer id = vocabulary.get(token);
    if (id == null) {
      throw refused(source, field + " \"" + token + "\" is not in the vocabulary");
    }
    return id;
  }

  private static void expect(String source, String field, String actual, String expected) {
    if (!expected.equals(actual)) {
      throw refused(source, field + " is \"" + actual + "\", expected \"" + expected + "\"");
    }
  }

  private static IllegalArgumentException refused(String source, String why) {
    return new IllegalArgumentException("cannot use " + source + " as a BERT WordPiece tokenizer: " + why);
  }
}
