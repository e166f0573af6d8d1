package io.engram.examples.scripted;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The examples' stand-in for a model, deterministic so that they run offline: when the user's message
 * carries memories that Engram added, it answers with the first one's text; otherwise it acknowledges
 * what the user said.
 */
public final class RememberingResponder implements Function<JsonNode, Optional<ScriptedReply>> {
  /** A recalled memory as both adapters add it: a Markdown heading with its name and type, then its text. */
  private static final Pattern MEMORY = Pattern.compile("(?m)^## [^\\n]+\\n+([^\\n]+)");

  @Override
  public Optional<ScriptedReply> apply(JsonNode request) {
    String asked = ChatRequests.lastOf(request, "user");
    Matcher m = MEMORY.matcher(asked);
    if (m.find()) {
      return Optional.of(ScriptedReply.text("From what I remember: " + m.group(1).strip()));
    }
    String firstLine = asked.strip().lines().findFirst().orElse("");
    return Optional.of(ScriptedReply.text("Noted: " + firstLine));
  }
}
