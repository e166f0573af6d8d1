package io.engram.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.engram.fs.AtomicFiles;
import io.engram.hooks.HookEvent;
import io.engram.redact.SecretRedactor;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The work the service owes: one file per hook call whose work is not done yet, in {@code
 * <home>/service/queue/}, written (atomically, synced) before the hook is answered and deleted when the work
 * is done. A service that is killed leaves its files; the next one runs them again. That is safe because the
 * work resumes from its own state: the extraction pass and the session notes keep, per session, the point of
 * the transcript they reached, so a second run reads only what the first did not finish.
 *
 * <p>File names sort in the order the calls came ({@code <millis>-<pid>-<sequence>-<event>.json}); a file that
 * cannot be read, or whose work failed, moves to {@code queue/failed/} with the reason beside it. A job's input is
 * kept redacted ({@link #redacted}): what a person typed into a hook's input never reaches the queue's files.
 */
final class WorkQueue {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path dir;
  private final Clock clock;
  private final AtomicLong sequence = new AtomicLong();

  WorkQueue(Path dir, Clock clock) {
    this.dir = dir;
    this.clock = clock;
  }

  /**
   * One hook call's work.
   *
   * @param file the queue file
   * @param event the hook event
   * @param project the project directory the work is for
   * @param input the hook's JSON, as Claude Code sent it
   * @param enqueuedAt when the call came
   */
  record Job(Path file, HookEvent event, Path project, String input, Instant enqueuedAt) {
    /** The file's name without {@code .json}: unique, and in the order the calls came. */
    String id() {
      String name = file.getFileName().toString();
      return name.substring(0, name.length() - ".json".length());
    }
  }

  /**
   * Writes the job for {@code event} and syncs it to disk before returning. The launcher writes the same file for a
   * Claude Code SessionEnd that no service took ({@code LauncherScript}'s {@code hook_queue}, in bash): a change to
   * its name or fields is a change there too.
   */
  Job enqueue(HookEvent event, Path project, String input) throws IOException {
    Files.createDirectories(dir);
    Instant now = clock.instant();
    // The process id keeps names apart when a hook process and the service enqueue in the same millisecond.
    String name = String.format("%013d-%d-%06d-%s.json", now.toEpochMilli(), ProcessHandle.current().pid(),
        sequence.incrementAndGet() % 1_000_000, event.hookName());
    Path file = dir.resolve(name);
    ObjectNode root = JSON.createObjectNode();
    root.put("event", event.hookName());
    root.put("project", project.toString());
    root.put("enqueuedAt", now.toString());
    String kept = redacted(input);
    root.put("input", kept);
    AtomicFiles.writeString(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n");
    return new Job(file, event, project, kept, now);
  }

  /**
   * The hook's input as the queue keeps it on disk: every text redacted (a PreCompact's custom instructions, a Gemini
   * CLI AfterAgent's prompt and answer hold what the person typed) but the ids and paths the work needs to find its
   * session and transcript; input that is not JSON is redacted whole.
   */
  static String redacted(String input) {
    JsonNode tree;
    try {
      tree = JSON.readTree(input);
    } catch (IOException notJson) {
      return SecretRedactor.standard().redact(input).text();
    }
    if (tree == null || !tree.isContainerNode()) {
      return SecretRedactor.standard().redact(input).text();
    }
    return redactedTexts(tree, "").toString();
  }

  private static JsonNode redactedTexts(JsonNode node, String field) {
    if (node.isTextual()) {
      boolean locates = field.equals("cwd") || field.endsWith("path") || field.endsWith("_id")
          || field.equals("hook_event_name");
      return locates ? node : TextNode.valueOf(SecretRedactor.standard().redact(node.asText()).text());
    }
    if (node.isObject()) {
      ObjectNode out = JSON.createObjectNode();
      node.fields().forEachRemaining(e -> out.set(e.getKey(), redactedTexts(e.getValue(), e.getKey())));
      return out;
    }
    if (node.isArray()) {
      ArrayNode out = JSON.createArrayNode();
      node.forEach(n -> out.add(redactedTexts(n, field)));
      return out;
    }
    return node;
  }

  /** The jobs waiting, oldest first; unreadable files are moved aside. */
  List<Job> pending() throws IOException {
    List<Path> files = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, "*.json")) {
      entries.forEach(files::add);
    }
    files.sort(null);
    List<Job> jobs = new ArrayList<>();
    for (Path f : files) {
      Optional<Job> job = read(f);
      if (job.isPresent()) {
        jobs.add(job.get());
      }
    }
    return jobs;
  }

  /** How many jobs wait, and how many failed. */
  int[] counts() throws IOException {
    return new int[] {count(dir), count(dir.resolve("failed"))};
  }

  /** The job's work is done: its file goes. */
  void done(Job job) throws IOException {
    Files.deleteIfExists(job.file());
  }

  /** The job's work failed for {@code reason}: its file moves to {@code failed/}, with the reason beside it. */
  void failed(Job job, String reason) throws IOException {
    moveAside(job.file(), reason);
  }

  private Optional<Job> read(Path file) throws IOException {
    try {
      JsonNode root = JSON.readTree(file.toFile());
      Optional<HookEvent> event = HookEvent.parse(root.path("event").asText(""));
      if (event.isEmpty() || !root.path("project").isTextual() || !root.path("input").isTextual()) {
        moveAside(file, "not a queue entry (event, project and input are needed)");
        return Optional.empty();
      }
      return Optional.of(new Job(file, event.get(), Path.of(root.get("project").asText()), root.get("input").asText(),
          Instant.parse(root.path("enqueuedAt").asText(Instant.EPOCH.toString()))));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException | RuntimeException e) {
      moveAside(file, "unreadable: " + e.getMessage());
      return Optional.empty();
    }
  }

  private void moveAside(Path file, String reason) throws IOException {
    Path failed = Files.createDirectories(dir.resolve("failed"));
    try {
      Files.move(file, failed.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
      AtomicFiles.writeString(failed.resolve(file.getFileName() + ".reason"), reason + "\n");
    } catch (NoSuchFileException e) {
      // Done by another pass meanwhile.
    }
  }

  private static int count(Path d) throws IOException {
    if (!Files.isDirectory(d)) {
      return 0;
    }
    int n = 0;
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(d, "*.json")) {
      for (Path ignored : entries) {
        n++;
      }
    }
    return n;
  }
}
