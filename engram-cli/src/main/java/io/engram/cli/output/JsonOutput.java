package io.engram.cli.output;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.PrintWriter;

/** Prints values as pretty JSON for {@code --json}; one shared mapper for every command. */
public final class JsonOutput {
  private static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .findAndAddModules()
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .build();

  private JsonOutput() {}

  /** Writes {@code value} as JSON followed by a newline. */
  public static void print(PrintWriter out, Object value) {
    try {
      out.println(MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value));
      out.flush();
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot render JSON output", e);
    }
  }

  /** The shared mapper, for commands that build trees themselves. */
  public static ObjectMapper mapper() {
    return MAPPER;
  }
}
