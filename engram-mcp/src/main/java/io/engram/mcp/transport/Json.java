package io.engram.mcp.transport;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

/** The JSON reader for what clients send (Jackson 2, already loaded by the command line; the SDK's is not). */
final class Json {
  static final ObjectMapper MAPPER = JsonMapper.builder()
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .build();

  private Json() {}

  /** MCP ids are strings or integers. */
  static boolean isId(JsonNode id) {
    return id.isTextual() || id.isIntegralNumber();
  }

  /** Where the parser stopped, for the error message; never the parser's own text. */
  static String where(JsonProcessingException e) {
    return e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ", column "
        + e.getLocation().getColumnNr() + ")";
  }
}
