package io.engram.dream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * What a dream run left in each file it touched, recorded in its undo manifest when the run is complete (a SHA-256
 * of the file's bytes, or null when the run left no file there), so that an undo can tell a file someone changed
 * since (a person's edit, a delete, a memory saved again) and keep it rather than put back what was there before
 * the run over their work. MEMORY.md is never kept whole: the undo merges it ({@link UndoneIndex}).
 */
final class LeftByRun {
  /** A file's field in the manifest. */
  private static final String AFTER = "after";

  private LeftByRun() {}

  /** Records in each of the manifest's {@code files} what the file is now, as the run left it. */
  static void record(Path memoryDir, JsonNode files, UnaryOperator<String> relative) throws IOException {
    for (JsonNode f : files) {
      Optional<String> after = hash(memoryDir.resolve(relative.apply(f.path("path").asText())));
      if (after.isPresent()) {
        ((ObjectNode) f).put(AFTER, after.get());
      } else {
        ((ObjectNode) f).putNull(AFTER);
      }
    }
  }

  /**
   * The files whose bytes are no longer what the run left, each with why it is kept; none for a run that recorded
   * nothing (one killed while applying, whose every file must go back, or one journalled before runs recorded this).
   */
  static List<UndoResult.Kept> changedSince(Path memoryDir, JsonNode files, UnaryOperator<String> relative)
      throws IOException {
    List<UndoResult.Kept> kept = new ArrayList<>();
    for (JsonNode f : files) {
      String p = relative.apply(f.path("path").asText());
      if (!f.has(AFTER) || p.equals(io.engram.memory.MemoryStores.INDEX_FILE)) {
        continue;
      }
      Optional<String> left = f.get(AFTER).isNull() ? Optional.empty() : Optional.of(f.get(AFTER).asText());
      Optional<String> now = hash(memoryDir.resolve(p));
      if (now.equals(left)) {
        continue;
      }
      String why;
      if (left.isPresent() && now.isPresent()) {
        why = "edited since the dream: kept as it is now, not put back as it was before the dream";
      } else if (left.isPresent()) {
        why = "deleted since the dream: left deleted, not put back as it was before the dream";
      } else {
        why = "written since the dream, which had " + (f.path("existed").asBoolean() ? "moved it away" : "not made it")
            + ": kept as it is now";
      }
      kept.add(new UndoResult.Kept(p, why));
    }
    return kept;
  }

  /** The SHA-256 of {@code file}'s bytes in hex; empty when it is not a regular file. */
  private static Optional<String> hash(Path file) throws IOException {
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file))));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java has SHA-256", e);
    }
  }
}
