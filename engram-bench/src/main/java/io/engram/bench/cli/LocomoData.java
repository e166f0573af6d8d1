package io.engram.bench.cli;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.CharConversionException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a LoCoMo file: a JSON array of conversations, each with {@code conversation.session_N} lists
 * of turns ({@code dia_id}, {@code speaker}, {@code text}, optional {@code blip_caption} of a shared
 * image) and {@code qa} items ({@code question}, {@code evidence} dialog ids, {@code category}).
 */
final class LocomoData {
  private static final Pattern SESSION = Pattern.compile("session_(\\d{1,9})");
  private static final Pattern DIA_ID = Pattern.compile("D\\d+:\\d+");

  /** One dialog turn, dated by its session ({@link java.time.Instant#EPOCH} when the session has no date). */
  record Turn(String diaId, String speaker, String text, String caption, java.time.Instant date) {
    /** What is indexed: the words, and the caption of a shared photo as the other speaker saw it. */
    String body() {
      return caption.isEmpty() ? text : text + " [shares a photo: " + caption + "]";
    }

    /** The session the turn is in: its dialog id's part before the colon ({@code D3} of {@code D3:12}). */
    String session() {
      return diaId.substring(0, diaId.indexOf(':'));
    }
  }

  /** One question with the dialog ids that hold its answer. */
  record Question(String question, int category, List<String> evidence) {}

  /** One conversation. */
  record Conversation(String sampleId, List<Turn> turns, List<Question> questions) {
    /**
     * The same conversation with the questions of {@code part} only: a question's id for the split is the sample id and
     * its 0-based place among the conversation's questions ({@code conv-26/14}), so files that ask the same questions in
     * another language split alike.
     */
    Conversation part(SetAside part) {
      List<Question> kept = new ArrayList<>();
      for (int i = 0; i < questions.size(); i++) {
        if (part.holds(sampleId + "/" + i)) {
          kept.add(questions.get(i));
        }
      }
      return new Conversation(sampleId, turns, List.copyOf(kept));
    }
  }

  private LocomoData() {}

  static List<Conversation> read(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      throw new IOException("LoCoMo data file not found: " + file);
    }
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(file.toFile());
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      throw new IOException(file + ": not valid JSON: " + e.getOriginalMessage()
          + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"), e);
    } catch (CharConversionException e) { // bytes Jackson takes for another encoding: UTF-32 and the like
      throw new IOException(file + ": not valid JSON text: " + e.getMessage(), e);
    }
    if (!root.isArray()) {
      throw new IllegalArgumentException(file + ": expected a JSON array of LoCoMo conversations");
    }
    List<Conversation> out = new ArrayList<>();
    for (int i = 0; i < root.size(); i++) {
      out.add(conversation(root.get(i), file + " item " + i));
    }
    return out;
  }

  private static Conversation conversation(JsonNode node, String where) {
    JsonNode conv = node.path("conversation");
    if (!conv.isObject() || !node.path("qa").isArray()) {
      throw new IllegalArgumentException(where + ": missing 'conversation' object or 'qa' array");
    }
    List<Map.Entry<Integer, JsonNode>> sessions = new ArrayList<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = conv.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> f = it.next();
      Matcher m = SESSION.matcher(f.getKey());
      if (m.matches() && f.getValue().isArray()) {
        sessions.add(Map.entry(Integer.parseInt(m.group(1)), f.getValue()));
      }
    }
    sessions.sort(Comparator.comparing(Map.Entry::getKey));
    List<Turn> turns = new ArrayList<>();
    for (Map.Entry<Integer, JsonNode> s : sessions) {
      java.time.Instant date = sessionDate(conv.path("session_" + s.getKey() + "_date_time").asText(""));
      for (JsonNode t : s.getValue()) {
        String id = t.path("dia_id").asText("");
        if (id.isEmpty()) {
          throw new IllegalArgumentException(where + " session_" + s.getKey() + ": a turn has no dia_id");
        }
        turns.add(new Turn(id, t.path("speaker").asText(""), t.path("text").asText(""),
            t.path("blip_caption").asText(""), date));
      }
    }
    List<Question> questions = new ArrayList<>();
    for (JsonNode q : node.path("qa")) {
      questions.add(new Question(q.path("question").asText(""), q.path("category").asInt(0), evidence(q.path("evidence"))));
    }
    return new Conversation(node.path("sample_id").asText(where), turns, questions);
  }

  private static final java.time.format.DateTimeFormatter SESSION_DATE =
      java.time.format.DateTimeFormatter.ofPattern("h:mm a 'on' d MMMM, yyyy", java.util.Locale.ENGLISH);

  /** A session's date ("1:56 pm on 8 May, 2023"), in UTC; {@link java.time.Instant#EPOCH} when absent or unreadable. */
  static java.time.Instant sessionDate(String text) {
    try {
      String normal = text.strip().replace(" am ", " AM ").replace(" pm ", " PM ");
      return java.time.LocalDateTime.parse(normal, SESSION_DATE).toInstant(java.time.ZoneOffset.UTC);
    } catch (java.time.format.DateTimeParseException e) {
      return java.time.Instant.EPOCH;
    }
  }

  /** Dialog ids in the evidence list; an entry like "D8:6; D9:17" holds two, malformed ones are dropped. */
  static List<String> evidence(JsonNode list) {
    List<String> ids = new ArrayList<>();
    for (JsonNode e : list) {
      Matcher m = DIA_ID.matcher(e.asText(""));
      while (m.find()) {
        if (!ids.contains(m.group())) {
          ids.add(m.group());
        }
      }
    }
    return ids;
  }
}
