package io.engram.team;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.util.LinkedHashMap;
import java.util.Map;

/** The JSON of the team's local files (connection, state, outbox) and of the {@code fields} column. */
final class Json {
  static final ObjectMapper MAPPER = JsonMapper.builder()
      .addModule(new Jdk8Module())
      .addModule(new JavaTimeModule())
      .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .enable(SerializationFeature.INDENT_OUTPUT)
      .build();

  private static final ObjectMapper COMPACT = MAPPER.copy().disable(SerializationFeature.INDENT_OUTPUT);

  private Json() {}

  static String compact(Object value) {
    try {
      return COMPACT.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot write as JSON: " + e.getOriginalMessage(), e);
    }
  }

  static Map<String, Object> map(String json) {
    if (json == null || json.isBlank()) {
      return new LinkedHashMap<>();
    }
    try {
      return MAPPER.readValue(json, new TypeReference<LinkedHashMap<String, Object>>() {});
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not a JSON object: " + e.getOriginalMessage(), e);
    }
  }
}
