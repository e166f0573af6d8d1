package io.engram.hooks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.engram.testing.TestResources;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The coding agents' own schemas for their settings files ({@code agent-schemas/README.md} says where each is from). */
final class AgentSchemas {
  private static final ObjectMapper JSON = new ObjectMapper();

  private AgentSchemas() {}

  /** What is wrong with {@code file} by the schema {@code name} ({@code codex-config}); empty when it validates. */
  static List<String> problems(String name, Path file) throws IOException {
    String text = Files.readString(file);
    String json = file.toString().endsWith(".toml") ? JSON.writeValueAsString(new TomlMapper().readTree(text)) : text;
    Schema schema;
    try (InputStream in = Files.newInputStream(TestResources.path("agent-schemas/" + name + ".schema.json"))) {
      SpecificationVersion version = name.startsWith("codex") ? SpecificationVersion.DRAFT_7
          : SpecificationVersion.DRAFT_2020_12;
      schema = SchemaRegistry.withDefaultDialect(version).getSchema(in);
    }
    return schema.validate(json, InputFormat.JSON).stream().map(Error::toString).toList();
  }
}
