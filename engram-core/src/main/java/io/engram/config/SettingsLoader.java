package io.engram.config;

import io.engram.fs.HomeLayout;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.cfg.MutableCoercionConfig;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Iterator;
import java.util.Map;

/**
 * Reads {@code <home>/settings.json} and overlays it on {@link EngramSettings#DEFAULTS}.
 *
 * <p>The file only names what it changes, for example {@code {"recall": {"filesPerTurn": 8}}}. Every
 * problem is a {@link SettingsException} that names the file and the key, in words a user can act on:
 * an unknown key (with the known keys beside it), a null, a value of the wrong JSON type (a string is
 * never read as a number, nor a number as a boolean) or a number outside its range
 * ({@link SettingsRanges}). A typo never silently falls back to a default.
 */
public final class SettingsLoader {


  // SettingsShape checks types before binding; the mapper refuses coercions too, so that nothing that
  // slips past the check is silently converted.
  private static final ObjectMapper MAPPER =
      JsonMapper.builder()
          // Enum values are read in any case and written in lower case, as the docs spell them ("propose").
          .enable(com.fasterxml.jackson.databind.MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
          .addModule(new com.fasterxml.jackson.databind.module.SimpleModule().addSerializer(Enum.class,
              new com.fasterxml.jackson.databind.ser.std.StdSerializer<Enum>(Enum.class) {
                @Override
                public void serialize(Enum value, com.fasterxml.jackson.core.JsonGenerator out,
                    com.fasterxml.jackson.databind.SerializerProvider provider) throws IOException {
                  out.writeString(value.name().toLowerCase(java.util.Locale.ROOT));
                }
              }))
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .enable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .withCoercionConfigDefaults(c -> c.setAcceptBlankAsEmpty(false))
          .withCoercionConfig(LogicalType.Integer, SettingsLoader::refuseScalarCoercion)
          .withCoercionConfig(LogicalType.Float, c -> refuseScalarCoercion(c)
              .setCoercion(CoercionInputShape.Integer, CoercionAction.TryConvert))
          .withCoercionConfig(LogicalType.Boolean, SettingsLoader::refuseScalarCoercion)
          .withCoercionConfig(LogicalType.Textual, SettingsLoader::refuseScalarCoercion)
          .build();

  private SettingsLoader() {}

  private static MutableCoercionConfig refuseScalarCoercion(MutableCoercionConfig config) {
    return config.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail);
  }

  /** Loads the settings of the given home, or the defaults when it has no settings file. */
  public static EngramSettings load(Path home) {
    Path file = HomeLayout.of(home).settingsFile();
    return read(file).map(text -> parse(text, file.toString())).orElse(EngramSettings.DEFAULTS);
  }

  /**
   * The text of the settings file {@code file}, empty when there is none.
   *
   * @throws SettingsException naming the file when it cannot be read or is not UTF-8 text
   */
  public static Optional<String> read(Path file) {
    try {
      return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (CharacterCodingException e) {
      throw new SettingsException(file + ": not UTF-8 text; save it as UTF-8", e);
    } catch (IOException e) {
      throw new SettingsException("cannot read settings file " + file + ": " + e.getMessage(), e);
    }
  }

  /** Overlays the JSON text on the defaults; {@code origin} names the text in errors. */
  public static EngramSettings parse(String text, String origin) {
    if (text.isBlank()) {
      return EngramSettings.DEFAULTS;
    }
    JsonNode overlay;
    try {
      overlay = MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      throw new SettingsException(origin + ": not valid JSON: " + e.getOriginalMessage() + describeLocation(e), e);
    }
    if (overlay == null || !overlay.isObject()) {
      throw new SettingsException(origin + ": settings must be a JSON object, like {\"recall\": {\"filesPerTurn\": 8}}");
    }
    SettingsShape.check(overlay, origin);
    ObjectNode merged = MAPPER.valueToTree(EngramSettings.DEFAULTS);
    merge(merged, (ObjectNode) overlay);
    EngramSettings settings;
    try {
      settings = MAPPER.treeToValue(merged, EngramSettings.class);
    } catch (JsonProcessingException e) {
      // Not reached for anything SettingsShape accepts; kept so a gap there is still a settings error.
      throw new SettingsException(origin + ": " + e.getOriginalMessage() + describeLocation(e), e);
    }
    SettingsRanges.check(settings, origin);
    return settings;
  }

  /** Renders settings as pretty JSON, for {@code engram config}. */
  public static String toJson(EngramSettings settings) {
    try {
      return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(settings);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String describeLocation(JsonProcessingException e) {
    if (e instanceof com.fasterxml.jackson.databind.JsonMappingException mapping
        && !mapping.getPath().isEmpty()) {
      StringBuilder path = new StringBuilder();
      for (var ref : mapping.getPath()) {
        if (ref.getFieldName() != null) {
          path.append(path.length() == 0 ? "" : ".").append(ref.getFieldName());
        } else {
          path.append('[').append(ref.getIndex()).append(']');
        }
      }
      return " (at key '" + path + "')";
    }
    return e.getLocation() == null ? "" : " (at line " + e.getLocation().getLineNr() + ")";
  }

  // Maps (like context.modelWindows) are merged key by key; everything else is replaced.
  private static void merge(ObjectNode base, ObjectNode overlay) {
    Iterator<Map.Entry<String, JsonNode>> fields = overlay.fields();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      JsonNode current = base.get(field.getKey());
      if (current instanceof ObjectNode currentObject && field.getValue() instanceof ObjectNode next) {
        merge(currentObject, next);
      } else {
        base.set(field.getKey(), field.getValue());
      }
    }
  }
}
