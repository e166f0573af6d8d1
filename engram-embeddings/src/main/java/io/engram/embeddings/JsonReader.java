package io.engram.embeddings;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads JSON text (RFC 8259) into plain values: {@code Map<String, Object>}, {@code List<Object>},
 * {@code String}, {@code Integer}, {@code Long}, {@code Double}, {@code Boolean} and {@code null} (an
 * integer beyond {@code long} becomes a {@code Double}).
 *
 * <p>It exists for one file on the path of the first recall: a model's 700 KB {@code tokenizer.json}
 * with 30,000 vocabulary entries, which this reads in about 60 ms in a fresh JVM where Jackson's
 * streaming parser, not yet compiled, takes 300 to 450 ms.
 */
final class JsonReader {
  private final String text;
  private int at;

  private JsonReader(String text) {
    this.text = text;
  }

  /**
   * The value {@code text} holds.
   *
   * @throws IllegalArgumentException when the text is not one JSON value, naming the character offset
   */
  static Object parse(String text) {
    JsonReader reader = new JsonReader(text);
    reader.skipSpace();
    Object value = reader.value();
    reader.skipSpace();
    if (reader.at != text.length()) {
      throw reader.error("text after the value");
    }
    return value;
  }

  private Object value() {
    if (at >= text.length()) {
      throw error("the text ends where a value should start");
    }
    char c = text.charAt(at);
    return switch (c) {
      case '{' -> object();
      case '[' -> array();
      case '"' -> string();
      case 't' -> literal("true", Boolean.TRUE);
      case 'f' -> literal("false", Boolean.FALSE);
      case 'n' -> literal("null", null);
      default -> {
        if (c == '-' || (c >= '0' && c <= '9')) {
          yield number();
        }
        throw error("unexpected '" + c + "'");
      }
    };
  }

  private Map<String, Object> object() {
    at++;
    Map<String, Object> map = new HashMap<>();
    skipSpace();
    if (peek() == '}') {
      at++;
      return map;
    }
    while (true) {
      skipSpace();
      if (peek() != '"') {
        throw error("expected a member name in quotes");
      }
      String name = string();
      skipSpace();
      expect(':');
      skipSpace();
      map.put(name, value());
      skipSpace();
      if (peek() == ',') {
        at++;
      } else {
        expect('}');
        return map;
      }
    }
  }

  private List<Object> array() {
    at++;
    List<Object> list = new ArrayList<>();
    skipSpace();
    if (peek() == ']') {
      at++;
      return list;
    }
    while (true) {
      skipSpace();
      list.add(value());
      skipSpace();
      if (peek() == ',') {
        at++;
      } else {
        expect(']');
        return list;
      }
    }
  }

  private String string() {
    int start = ++at;
    while (at < text.length()) {
      char c = text.charAt(at);
      if (c == '"') {
        return text.substring(start, at++);
      }
      if (c == '\\') {
        return escapedString(start);
      }
      if (c < 0x20) {
        throw error("unescaped control character in a string");
      }
      at++;
    }
    throw error("the text ends inside a string");
  }

  private String escapedString(int start) {
    StringBuilder out = new StringBuilder(text.substring(start, at));
    while (at < text.length()) {
      char c = text.charAt(at++);
      if (c == '"') {
        return out.toString();
      }
      if (c < 0x20) {
        at--;
        throw error("unescaped control character in a string");
      }
      if (c != '\\') {
        out.append(c);
        continue;
      }
      if (at >= text.length()) {
        break;
      }
      char e = text.charAt(at++);
      switch (e) {
        case '"', '\\', '/' -> out.append(e);
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        case 't' -> out.append('\t');
        case 'u' -> out.append(hexChar());
        default -> {
          at--;
          throw error("unknown escape \\" + e);
        }
      }
    }
    throw error("the text ends inside a string");
  }

  private char hexChar() {
    if (at + 4 > text.length()) {
      throw error("\\u needs four hex digits");
    }
    int value = 0;
    for (int i = 0; i < 4; i++) {
      int digit = Character.digit(text.charAt(at + i), 16);
      if (digit < 0) {
        throw error("\\u needs four hex digits");
      }
      value = value * 16 + digit;
    }
    at += 4;
    return (char) value;
  }

  private Object number() {
    int start = at;
    if (peek() == '-') {
      at++;
    }
    if (peek() == '0') {
      at++;
    } else if (!digits()) {
      throw error("a number needs digits");
    }
    boolean integral = true;
    if (peek() == '.') {
      at++;
      integral = false;
      if (!digits()) {
        throw error("a fraction needs digits");
      }
    }
    if (peek() == 'e' || peek() == 'E') {
      at++;
      integral = false;
      if (peek() == '+' || peek() == '-') {
        at++;
      }
      if (!digits()) {
        throw error("an exponent needs digits");
      }
    }
    String number = text.substring(start, at);
    if (integral) {
      try {
        long value = Long.parseLong(number);
        return value == (int) value ? (Object) (int) value : (Object) value;
      } catch (NumberFormatException beyondLong) {
        return Double.parseDouble(number);
      }
    }
    return Double.parseDouble(number);
  }

  private boolean digits() {
    int start = at;
    while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') {
      at++;
    }
    return at > start;
  }

  private Object literal(String word, Object value) {
    if (!text.startsWith(word, at)) {
      throw error("unexpected '" + text.charAt(at) + "'");
    }
    at += word.length();
    return value;
  }

  private void expect(char c) {
    if (peek() != c) {
      throw error("expected '" + c + "'");
    }
    at++;
  }

  /** The current character, or U+0000 at the end (which no valid continuation starts with). */
  private char peek() {
    return at < text.length() ? text.charAt(at) : '\0';
  }

  private void skipSpace() {
    while (at < text.length()) {
      char c = text.charAt(at);
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
        return;
      }
      at++;
    }
  }

  private IllegalArgumentException error(String what) {
    return new IllegalArgumentException("not valid JSON at character " + at + ": " + what);
  }
}
