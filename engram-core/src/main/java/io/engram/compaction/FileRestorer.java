package io.engram.compaction;

import io.engram.config.CompactionSettings;
import io.engram.tokens.TokenCounter;
import io.engram.transcript.FileActivity;
import io.engram.transcript.FileTouch;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Picks the files to put back after compaction: every file the compacted messages touched, read from
 * disk now, scored by {@link FileScore} and chosen by {@link FileRecovery} within the free tokens. Files
 * that no longer exist, are not regular files or are not UTF-8 text are left out and recorded.
 */
final class FileRestorer {
  /** Files over this many bytes per allowed token are not read: they cannot fit anyway. */
  private static final int MAX_BYTES_PER_TOKEN = 8;

  private final CompactionSettings settings;
  private final TokenCounter counter;

  FileRestorer(CompactionSettings settings, TokenCounter counter) {
    this.settings = settings;
    this.counter = counter;
  }

  /** What was restored and what was lost. */
  record Restored(List<CompactionResult.RestoredFile> files, LossRecord lost) {}

  Restored restore(List<FileActivity> activity, Instant now, Path baseDir, int freeTokens) {
    List<RecoveryCandidate> candidates = new ArrayList<>();
    Map<String, String> contents = new HashMap<>();
    LossRecord lost = LossRecord.empty();
    for (FileActivity f : activity) {
      if (!f.exists()) {
        lost = lost.plus(entry(f.path(), "deleted or moved away during the session"));
        continue;
      }
      Path path;
      try {
        path = baseDir.resolve(f.path()).normalize();
      } catch (InvalidPathException e) {
        lost = lost.plus(entry(f.path(), "not a valid path"));
        continue;
      }
      if (!Files.exists(path)) {
        lost = lost.plus(entry(f.path(), "no longer exists on disk"));
        continue;
      }
      if (!Files.isRegularFile(path)) {
        lost = lost.plus(entry(f.path(), "not a regular file"));
        continue;
      }
      int tokens;
      try {
        long bytes = Files.size(path);
        if (bytes > (long) settings.maxRestoredFileTokens() * MAX_BYTES_PER_TOKEN) {
          tokens = (int) Math.min(Integer.MAX_VALUE, bytes / 4);
        } else {
          String content = decode(Files.readAllBytes(path));
          tokens = counter.count(content);
          contents.put(f.path(), content);
        }
      } catch (CharacterCodingException e) {
        lost = lost.plus(entry(f.path(), "not UTF-8 text"));
        continue;
      } catch (IOException e) {
        lost = lost.plus(entry(f.path(), "cannot be read: " + e.getMessage()));
        continue;
      }
      candidates.add(RecoveryCandidate.of(usage(f, now), now, tokens));
    }
    RecoveryPlan plan = new FileRecovery(settings).choose(candidates, freeTokens);
    List<CompactionResult.RestoredFile> files = plan.chosen().stream()
        .map(c -> new CompactionResult.RestoredFile(c.path(), c.score(), c.tokens(), contents.get(c.path())))
        .toList();
    return new Restored(files, lost.plus(LossRecord.fromRecovery(plan)));
  }

  private static String decode(byte[] bytes) throws CharacterCodingException {
    return StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
  }

  /** The file's touches as FileScore operations; a touch with no recorded time counts as {@code now}. */
  static FileUsage usage(FileActivity f, Instant now) {
    List<DatedOperation> ops = new ArrayList<>();
    for (FileTouch t : f.touches()) {
      ops.add(new DatedOperation(t.operation(), t.at().orElse(now)));
    }
    return new FileUsage(f.path(), ops);
  }

  private static LossRecord.Entry entry(String path, String why) {
    return new LossRecord.Entry(LossRecord.Kind.FILE_NOT_RESTORED, path, why, 0);
  }
}
