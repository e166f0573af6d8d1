package io.engram.mcp;

/**
 * The JSON-schema pieces several tools share, written out so that a model reads what each field means. A tool's
 * structured content always validates against its output schema (the SDK checks it before it answers).
 */
final class Schemas {
  private Schemas() {}

  /** The four memory types, each said in words a model can choose by. */
  static final String TYPE = """
      {"type":"string","enum":["user","feedback","project","reference"],"description":"The kind of memory:\
       user = who the user is (role, preferences, what they know), private to them;\
       feedback = a correction or a confirmed way of working the user gave you, private;\
       project = the state of this project's work, its decisions, deadlines and facts about its code, shareable\
       with the team;\
       reference = a pointer to something outside the code (a dashboard, a tracker, a document, a URL)"}""";

  /** A memory's name as a tool argument. */
  static final String NAME = """
      {"type":"string","minLength":1,"description":"The memory's name: a short kebab-case phrase saying what it is\
       about, such as tests-need-redis (list and recall show the names)"}""";

  /** A memory as lists and answers show it. */
  static final String MEMORY = """
      {"type":"object","properties":{\
      "name":{"type":"string","description":"The memory's name"},\
      "type":{"type":"string","enum":["user","feedback","project","reference"]},\
      "description":{"type":"string","description":"One line: when the memory is useful"},\
      "scope":{"type":"string","enum":["project","user","team"],"description":"The store that holds it: this\
       project's, the user's (every project), or the team's (read-only here)"},\
      "uri":{"type":"string","description":"Its MCP resource (resources/read gives the whole file)"}},\
      "required":["name","type","description","scope","uri"]}""";

  /** The {@code text} every answer carries beside its fields: what the text content says. */
  static final String TEXT = """
      {"type":"string","description":"The answer as the text content gives it"}""";

  /** An array of strings described by {@code description}. */
  static String strings(String description) {
    return "{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"description\":\"" + description + "\"}";
  }

  /** An object schema with {@code properties} (a JSON object's members) and the {@code required} ones. */
  static String object(String properties, String... required) {
    StringBuilder req = new StringBuilder();
    for (String r : required) {
      req.append(req.length() == 0 ? "" : ",").append('"').append(r).append('"');
    }
    return "{\"type\":\"object\",\"properties\":{" + properties + "},\"required\":[" + req + "]}";
  }

  /** An input schema: {@link #object} that refuses unknown arguments. */
  static String arguments(String properties, String... required) {
    String o = object(properties, required);
    return o.substring(0, o.length() - 1) + ",\"additionalProperties\":false}";
  }
}
