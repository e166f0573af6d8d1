package io.engram.memory;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Reads and writes the topic-file format: {@code ---}, YAML frontmatter, {@code ---}, Markdown body.
 *
 * <p>Writing puts the known keys first ({@code name}, {@code description}, {@code type}, then Engram's
 * fields that are set), then the unknown keys in their original order; strings are written plain
 * when YAML allows it, so a file written by Claude Code comes back byte for byte. The body is kept
 * exactly as it was.
 */
public final class MemoryFormat {
  /**
   * Longest frontmatter read, in characters: a name, a one-line description and a few fields take a few
   * hundred; YAML parsing of a megabyte takes a second, so more is refused as not a memory's frontmatter.
   */
  public static final int MAX_FRONTMATTER_CHARS = 64 * 1024;

  private static final String FENCE = "---";
  private static final YAMLMapper YAML =
      YAMLMapper.builder(
              YAMLFactory.builder()
                  .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                  .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
                  // A text that looks like a number stays text when the file is read again.
                  .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
                  .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
                  .build())
          .build();

  private MemoryFormat() {}

  /**
   * Reads the topic file at {@code file}: refuses files over {@code maxBytes}, invalid UTF-8 and every
   * fault {@link #parse} finds, each as an {@link InvalidMemoryException} naming the file.
   */
  public static Memory read(Path file, long maxBytes) throws IOException {
    long size = Files.size(file);
    if (size > maxBytes) {
      throw new InvalidMemoryException(file, "file is " + size + " bytes, over the limit of " + maxBytes);
    }
    byte[] bytes = Files.readAllBytes(file);
    String text;
    try {
      text = StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw new InvalidMemoryException(file, "not valid UTF-8 text");
    }
    return parse(text, file);
  }

  /** Parses topic-file text; {@code where} only names the file in errors. */
  public static Memory parse(String text, Path where) throws InvalidMemoryException {
    String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
    int first = lineEnd(t, 0);
    if (!t.substring(0, first).strip().equals(FENCE)) {
      throw new InvalidMemoryException(where, "no frontmatter: the file must start with a '---' line");
    }
    int start = skipNewline(t, first);
    int pos = start;
    while (pos < t.length()) {
      int end = lineEnd(t, pos);
      String line = t.substring(pos, end).stripTrailing();
      if (line.equals(FENCE) || line.equals("...")) {
        if (pos - start > MAX_FRONTMATTER_CHARS) {
          throw new InvalidMemoryException(where, "frontmatter is " + (pos - start) + " characters, over the "
              + MAX_FRONTMATTER_CHARS + " a topic file's frontmatter may hold");
        }
        String yaml = t.substring(start, pos);
        String body = t.substring(skipNewline(t, end));
        return FrontmatterFields.toMemory(yamlMap(yaml, where), body, where);
      }
      pos = skipNewline(t, end);
    }
    throw new InvalidMemoryException(where, "broken frontmatter: no closing '---' line");
  }

  /** The topic-file text of {@code memory}. */
  public static String format(Memory memory) {
    StringBuilder out = new StringBuilder(memory.body().length() + 256);
    out.append(FENCE).append('\n');
    FrontmatterFields.appendKnown(memory, out);
    if (!memory.unknownKeys().isEmpty()) {
      try {
        out.append(YAML.writeValueAsString(new LinkedHashMap<>(memory.unknownKeys())));
      } catch (JsonProcessingException e) {
        throw new IllegalStateException("cannot write unknown frontmatter keys of " + memory.name(), e);
      }
    }
    out.append(FENCE).append('\n').append(memory.body());
    return out.toString();
  }

  private static Map<String, Object> yamlMap(String yaml, Path where) throws InvalidMemoryException {
    if (yaml.isBlank()) {
      throw new InvalidMemoryException(where, "broken frontmatter: it is empty");
    }
    Optional<Map<String, Object>> simple = SimpleFrontmatter.parse(yaml);
    if (simple.isPresent()) {
      return simple.get();
    }
    try {
      Object value = YAML.readValue(yaml, Object.class);
      if (!(value instanceof Map<?, ?> map)) {
        throw new InvalidMemoryException(where, "broken frontmatter: expected 'key: value' lines");
      }
      Map<String, Object> result = new LinkedHashMap<>();
      map.forEach((k, v) -> result.put(String.valueOf(k), v));
      return result;
    } catch (JsonProcessingException e) {
      String msg = e.getOriginalMessage().lines().findFirst().orElse("unreadable YAML");
      throw new InvalidMemoryException(where, "broken frontmatter: " + msg
          + (e.getLocation() == null ? "" : " (frontmatter line " + (e.getLocation().getLineNr() + 1) + ")"));
    }
  }

  private static int lineEnd(String t, int from) {
    int i = from;
    while (i < t.length() && t.charAt(i) != '\n' && t.charAt(i) != '\r') {
      i++;
    }
    return i;
  }

  private static int skipNewline(String t, int i) {
    if (i < t.length() && t.charAt(i) == '\r') {
      i++;
    }
    if (i < t.length() && t.charAt(i) == '\n') {
      i++;
    }
    return i;
  }
}
