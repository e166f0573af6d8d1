package io.engram.recall;

import io.engram.config.RecallSettings;
import io.engram.transcript.ContentBlock;
import io.engram.transcript.FileActivity;
import io.engram.transcript.FileOperation;
import io.engram.transcript.Transcript;
import io.engram.transcript.TranscriptMessage;
import io.engram.transcript.TranscriptFormat;
import io.engram.transcript.TranscriptReader;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the agent has been doing lately, as words recall can search beside the prompt: the files edited,
 * written or read in the last messages (newest first, each as its folder, file name and stem, so
 * {@code src/auth/TokenCache.java} matches a memory that says "TokenCache" or "auth"), and the first
 * lines of the last error a tool reported. Raw tool output is never used, only an error's head.
 */
public final class RecentActivity {
  private RecentActivity() {}

  /**
   * The activity of the last {@code settings.activityMessages()} of {@code messages}, naming at most {@code
   * activityFiles} files and {@code activityErrorChars} of the last error; empty when there is nothing to say.
   */
  public static Optional<String> of(List<TranscriptMessage> messages, RecallSettings settings) {
    int lastMessages = settings.activityMessages();
    List<TranscriptMessage> recent = messages.subList(Math.max(0, messages.size() - lastMessages), messages.size());
    List<String> parts = new ArrayList<>();
    List<String> files = new ArrayList<>();
    for (FileActivity f : FileActivity.of(recent)) {
      if (files.size() >= settings.activityFiles()) {
        break;
      }
      String named = words(f.path());
      if (named.isEmpty()) {
        continue;
      }
      String verb = f.lastOperation() == FileOperation.READ ? "read" : "edited";
      files.add(named + " (" + verb + ")");
    }
    if (!files.isEmpty()) {
      parts.add("files: " + String.join(", ", files));
    }
    lastError(recent, settings.activityErrorChars()).ifPresent(e -> parts.add("error: " + e));
    return parts.isEmpty() ? Optional.empty() : Optional.of(String.join("\n", parts));
  }

  /**
   * The activity at the end of the transcript {@code file}: only its last {@code settings.activityTailBytes()} bytes
   * are read (a session's transcript can be hundreds of megabytes), from the first whole line in them; a session kept
   * as one JSON document is read whole.
   */
  public static Optional<String> ofTranscriptTail(Path file, RecallSettings settings) throws IOException {
    int tailBytes = settings.activityTailBytes();
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    if (!TranscriptFormat.of(file).linesAppended()) { // one document: its end alone is not JSON
      return of(TranscriptReader.read(file).mainLine(), settings);
    }
    String tail;
    try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
      long start = Math.max(0, in.length() - tailBytes);
      byte[] bytes = new byte[(int) (in.length() - start)];
      in.seek(start);
      in.readFully(bytes);
      tail = new String(bytes, StandardCharsets.UTF_8);
      if (start > 0) {
        int newline = tail.indexOf('\n');
        tail = newline < 0 ? "" : tail.substring(newline + 1);
      }
    }
    Transcript t = TranscriptReader.read(new StringReader(tail), "tail");
    return of(t.mainLine(), settings);
  }

  /** {@code a/b/auth/TokenCache.java} becomes {@code auth/TokenCache.java TokenCache}. */
  static String words(String path) {
    String normal = path.replace('\\', '/');
    String[] parts = normal.split("/");
    // The root ("/") splits into no part at all: it names no file.
    if (parts.length == 0) {
      return "";
    }
    String name = parts[parts.length - 1];
    String folder = parts.length > 1 ? parts[parts.length - 2] + "/" : "";
    int dot = name.lastIndexOf('.');
    return folder + name + (dot > 0 ? " " + name.substring(0, dot) : "");
  }

  private static Optional<String> lastError(List<TranscriptMessage> messages, int maxChars) {
    for (int i = messages.size() - 1; i >= 0; i--) {
      List<ContentBlock.ToolResult> results = messages.get(i).toolResults();
      for (int j = results.size() - 1; j >= 0; j--) {
        if (results.get(j).isError() && !results.get(j).text().isBlank()) {
          String text = results.get(j).text().strip();
          return Optional.of(text.length() <= maxChars ? text : text.substring(0, maxChars));
        }
      }
    }
    return Optional.empty();
  }
}
