package io.engram.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.Optional;

/**
 * JSON output for reports built from core records, which use {@link Optional} and {@link Instant}:
 * an empty Optional is {@code null}, a present one its value, an Instant its ISO-8601 text. (The
 * jdk8/jsr310 Jackson modules are not among the build's dependencies.)
 */
final class ReportJson {
  private static final ObjectMapper MAPPER = JsonMapper.builder().addModule(module()).build();

  private ReportJson() {}

  static void print(PrintWriter out, Object value) {
    try {
      out.println(MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value));
      out.flush();
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot render JSON output", e);
    }
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  private static SimpleModule module() {
    SimpleModule module = new SimpleModule("engram-report");
    module.addSerializer((Class) Optional.class, new JsonSerializer<Optional<?>>() {
      @Override
      public void serialize(Optional<?> value, JsonGenerator gen, SerializerProvider provider) throws IOException {
        if (value.isPresent()) {
          provider.defaultSerializeValue(value.get(), gen);
        } else {
          gen.writeNull();
        }
      }
    });
    module.addSerializer(Instant.class, new JsonSerializer<Instant>() {
      @Override
      public void serialize(Instant value, JsonGenerator gen, SerializerProvider provider) throws IOException {
        gen.writeString(value.toString());
      }
    });
    return module;
  }
}
