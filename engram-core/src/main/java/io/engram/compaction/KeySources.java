package io.engram.compaction;

import java.util.List;

/**
 * The plain inputs key information is extracted from: what the compactor reads off the transcript
 * part being summarised.
 *
 * @param userMessages the text of each user message that is not a tool result, in order
 * @param toolErrors the text of each tool result marked as an error (whole output; the key line is taken)
 * @param filePaths paths of the files read, written or edited
 * @param freeText any other text of the conversation (assistant text, tool output), scanned for file
 *     names and technical keywords
 */
record KeySources(
    List<String> userMessages, List<String> toolErrors, List<String> filePaths, String freeText) {

  public KeySources {
    userMessages = List.copyOf(userMessages);
    toolErrors = List.copyOf(toolErrors);
    filePaths = List.copyOf(filePaths);
    freeText = freeText == null ? "" : freeText;
  }
}
