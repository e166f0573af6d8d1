package io.engram.compaction;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.engram.transcript.Segment;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a person reading a transcript wrote down about its state at a compaction point: the open tasks, the
 * next step, and the errors with their causes and fixes ({@link CompactionEvaluation} grades summaries
 * against it). One JSON file per transcript; the format is described beside the labelled set.
 *
 * @param transcript the transcript's path, relative to where the labelled set says (a test resource path)
 * @param cut where the transcript is cut
 * @param state the labeller's account of the state at the cut
 * @param openTasks the work still open at the cut
 * @param optionalTasks what a summary may list as pending without being right or wrong
 * @param doneTasks finished work
 * @param nextStep the next unfinished action, other actions to do, and actions already done
 * @param errors the errors a person would call errors, with cause and fix
 * @param ignoredErrors what a summary may list as an error without being right or wrong
 */
public record CompactionLabel(
    String transcript,
    Cut cut,
    String state,
    List<Task> openTasks,
    List<Task> optionalTasks,
    List<Task> doneTasks,
    NextStep nextStep,
    List<LabelledError> errors,
    List<Task> ignoredErrors) {
  private static final ObjectMapper JSON = new ObjectMapper();

  public CompactionLabel {
    openTasks = List.copyOf(openTasks);
    optionalTasks = List.copyOf(optionalTasks);
    doneTasks = List.copyOf(doneTasks);
    errors = List.copyOf(errors);
    ignoredErrors = List.copyOf(ignoredErrors);
  }

  /** Where a labelled transcript is cut. */
  public enum Cut {
    /** Before the first compaction boundary: where the agent itself compacted. */
    COMPACTION,
    /** At the end of the transcript (its current segment). */
    END
  }

  /**
   * Alternatives of terms: a text matches when, for some alternative, every term occurs in it, ignoring
   * case, markdown emphasis marks, runs of white space and contractions ("doesn't" is "does not").
   *
   * @param alternatives each a non-empty list of terms
   */
  public record Keys(List<List<String>> alternatives) {
    public Keys {
      alternatives = alternatives.stream().map(List::copyOf).toList();
    }

    /** Whether {@code text} matches some alternative; never true for no alternatives. */
    public boolean matches(String text) {
      String t = normal(text);
      return alternatives.stream().anyMatch(a -> !a.isEmpty() && a.stream().allMatch(term -> t.contains(normal(term))));
    }

    static String normal(String text) {
      String t = text.replace("`", "").replace("*", "").replace('’', '\'').replaceAll("\\s+", " ")
          .toLowerCase(Locale.ROOT);
      // "doesn't" and "does not" say the same: contractions are spelled out on both sides.
      return t.replace("can't", "cannot").replace("won't", "will not").replace("n't", " not");
    }
  }

  /**
   * A task (or a thing to ignore), with the keys a statement about it must match.
   *
   * @param task what it is
   * @param state its state at the cut, as the labeller saw it
   * @param inProgress whether it was being worked on at the cut
   * @param keys how a statement names it
   */
  public record Task(String task, String state, boolean inProgress, Keys keys) {}

  /**
   * The next step at the cut.
   *
   * @param text the labeller's statement of it
   * @param primary the next unfinished action (empty when nothing is to do)
   * @param alsoToDo other actions still to do
   * @param alreadyDone actions done before the cut
   */
  public record NextStep(String text, Keys primary, Keys alsoToDo, Keys alreadyDone) {}

  /**
   * One error.
   *
   * @param error what failed
   * @param fromToolOutput true when a tool result shows it, false when only the assistant's words do
   * @param minor a slip of tool use or a lint note
   * @param resolved whether a later change fixed it
   * @param keys how a statement names it
   * @param causeKeys how a statement gives its cause
   * @param fixKeys how a statement gives its fix (for an unresolved error: that it is still open)
   */
  public record LabelledError(String error, boolean fromToolOutput, boolean minor, boolean resolved, Keys keys,
      Keys causeKeys, Keys fixKeys) {}

  /** Reads one label file; a missing or malformed field fails naming the file and the field. */
  public static CompactionLabel read(Path file) throws IOException {
    try {
      JsonNode n = JSON.readTree(Files.readString(file));
      JsonNode next = required(n, "nextStep");
      List<LabelledError> errors = new ArrayList<>();
      for (JsonNode e : required(n, "errors")) {
        errors.add(new LabelledError(required(e, "error").asText(),
            required(e, "evidence").asText().equals("tool-output"), e.path("minor").asBoolean(false),
            e.path("resolved").asBoolean(true), keys(e, "keys"), keys(e, "causeKeys"), keys(e, "fixKeys")));
      }
      return new CompactionLabel(required(n, "transcript").asText(),
          Cut.valueOf(required(n, "cut").asText().toUpperCase(Locale.ROOT)), n.path("state").asText(""),
          tasks(n, "openTasks"), tasks(n, "optionalTasks"), tasks(n, "doneTasks"),
          new NextStep(next.path("text").asText(""), keys(next, "primary"), keys(next, "alsoToDo"),
              keys(next, "alreadyDone")),
          errors, tasks(n, "ignoredErrors"));
    } catch (IllegalArgumentException e) {
      throw new IOException("label file " + file + ": " + e.getMessage(), e);
    }
  }

  /** The messages of {@code t} up to this label's cut. */
  public List<TranscriptMessage> messagesAtCut(Transcript t) {
    List<Segment> segments = t.segments();
    if (cut == Cut.COMPACTION && segments.size() < 2) {
      throw new IllegalArgumentException("transcript " + transcript + " has no compaction to cut at");
    }
    return cut == Cut.COMPACTION ? segments.get(0).messages() : segments.get(segments.size() - 1).messages();
  }

  /** The open task being worked on at the cut, if any. */
  public java.util.Optional<Task> inProgress() {
    return openTasks.stream().filter(Task::inProgress).findFirst();
  }

  private static List<Task> tasks(JsonNode n, String field) {
    List<Task> out = new ArrayList<>();
    for (JsonNode t : n.path(field)) {
      String what = t.has("task") ? t.path("task").asText() : t.path("what").asText();
      out.add(new Task(what, t.path("state").asText(""), t.path("inProgress").asBoolean(false), keys(t, "keys")));
    }
    return out;
  }

  private static Keys keys(JsonNode n, String field) {
    List<List<String>> alternatives = new ArrayList<>();
    for (JsonNode alternative : n.path(field)) {
      if (!alternative.isArray() || alternative.isEmpty()) {
        throw new IllegalArgumentException("'" + field + "' must hold non-empty arrays of terms");
      }
      List<String> terms = new ArrayList<>();
      alternative.forEach(term -> terms.add(term.asText()));
      alternatives.add(terms);
    }
    return new Keys(alternatives);
  }

  private static JsonNode required(JsonNode n, String field) {
    JsonNode v = n.get(field);
    if (v == null || v.isNull()) {
      throw new IllegalArgumentException("missing field '" + field + "'");
    }
    return v;
  }
}
