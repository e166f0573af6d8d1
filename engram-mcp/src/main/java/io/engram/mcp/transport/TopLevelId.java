package io.engram.mcp.transport;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The {@code "id"} member of a JSON object streamed past it a piece at a time, holding nothing but the id's own few
 * bytes: how a line too long to keep is still answered under its request's id, wherever the client put it (the
 * TypeScript SDK writes it last, after {@code params}). It follows strings, escapes and nesting, so an {@code "id"}
 * inside {@code params} or inside a string is not taken for it. Only a number or a string of up to {@value #MAX_ID}
 * bytes counts; anything else (a batch, an object id, a line cut short) finds none.
 */
final class TopLevelId {
  // Far past any id a client makes (a number, a UUID, a short name), and small enough to hold while a line streams by.
  private static final int MAX_ID = 256;

  private int depth;
  private boolean inString;
  private boolean escaped;
  private boolean expectKey;
  private boolean readingKey;
  private final byte[] key = new byte[2];
  private int keyLength;
  private boolean keyIsId;
  private boolean capturing;
  private final byte[] value = new byte[MAX_ID];
  private int valueLength;
  private boolean valueTooLong;
  private Optional<JsonNode> found = Optional.empty();
  private boolean done;

  /** Reads {@code length} bytes of {@code bytes} from {@code offset}, the next piece of the object. */
  void feed(byte[] bytes, int offset, int length) {
    for (int i = offset; i < offset + length && !done; i++) {
      step(bytes[i]);
    }
  }

  /** The object's top-level id, once read whole; empty when there is none (yet), or it is not a number or string. */
  Optional<JsonNode> id() {
    return found;
  }

  private void step(byte c) {
    if (inString) {
      if (capturing) {
        keep(c);
      }
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        inString = false;
        if (readingKey) {
          readingKey = false;
          keyIsId = keyLength == 2 && key[0] == 'i' && key[1] == 'd';
        }
      } else if (readingKey) {
        keyLength = keyLength < key.length ? keyLength + 1 : key.length + 1;
        if (keyLength <= key.length) {
          key[keyLength - 1] = c;
        }
      }
      return;
    }
    boolean top = depth == 1;
    if (capturing && top && (c == ',' || c == '}')) {
      finish();
      return;
    }
    if (capturing) {
      keep(c);
    }
    switch (c) {
      case '"' -> {
        inString = true;
        if (top && expectKey) {
          readingKey = true;
          keyLength = 0;
        }
      }
      case '{', '[' -> {
        depth++;
        if (depth == 1) {
          expectKey = c == '{';
        }
      }
      case '}', ']' -> depth--;
      case ':' -> {
        if (top) {
          expectKey = false;
          capturing = keyIsId;
          keyIsId = false;
        }
      }
      case ',' -> {
        if (top) {
          expectKey = true;
        }
      }
      default -> { }
    }
  }

  private void keep(byte c) {
    if (valueLength < MAX_ID) {
      value[valueLength++] = c;
    } else {
      valueTooLong = true;
    }
  }

  private void finish() {
    done = true;
    capturing = false;
    if (valueTooLong) {
      return;
    }
    try {
      JsonNode id = Json.MAPPER.readTree(new String(value, 0, valueLength, StandardCharsets.UTF_8));
      if (id != null && (id.isIntegralNumber() || id.isTextual())) {
        found = Optional.of(id);
      }
    } catch (JsonProcessingException e) {
      // Not a value: no id.
    }
  }
}
