package io.engram.compaction;

import java.util.List;
import java.util.Map;

/**
 * The plain inputs key information is extracted from: what the compactor reads off the transcript
 * part being summarised.
 *
 * @param userMessages what the person said in each of their messages ({@link OwnWords}), in order
 * @param toolErrors one text per error (its key line, or a whole output whose key line is taken)
 * @param filePaths paths of the files that matter: the files the session changed
 * @param freeText the assistant's prose, scanned for technical keywords
 * @param instructions what the person said as a summary is asked to keep it: each message by its own lines when it
 *     fills a template ({@link PromptTemplate}), else as in {@code userMessages}
 * @param openings for an instruction that fills a template, the line its own ask opens with
 */
record KeySources(List<String> userMessages, List<String> toolErrors, List<String> filePaths, String freeText,
    List<String> instructions, Map<String, String> openings) {

  public KeySources {
    userMessages = List.copyOf(userMessages);
    toolErrors = List.copyOf(toolErrors);
    filePaths = List.copyOf(filePaths);
    freeText = freeText == null ? "" : freeText;
    instructions = List.copyOf(instructions);
    openings = Map.copyOf(openings);
  }

  /** Sources whose user messages fill no template. */
  KeySources(List<String> userMessages, List<String> toolErrors, List<String> filePaths, String freeText) {
    this(userMessages, toolErrors, filePaths, freeText, userMessages, Map.of());
  }
}
