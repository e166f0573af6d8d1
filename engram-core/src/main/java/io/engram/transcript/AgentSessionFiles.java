package io.engram.transcript;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where the coding agents keep their session files, and the file of one session found by its id, for a hook whose
 * input names no transcript (Codex sends {@code transcript_path: null} at times; Cursor's CLI and the first prompt of a
 * conversation send none).
 *
 * <ul>
 *   <li>Codex: {@code $CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl} ({@code ~/.codex} without the
 *       variable); the newest days are looked in first, so a running session is found in the first directory.
 *   <li>Cursor: {@code ~/.cursor/projects/<workspace>/agent-transcripts/<id>/<id>.jsonl} (the IDE) or
 *       {@code .../agent-transcripts/<id>.jsonl} (the {@code agent} command), in whichever workspace holds it: the
 *       workspace's directory name is not computed, since Cursor's spelling of a path has changed between versions.
 * </ul>
 * Claude Code and Gemini CLI always name their transcript; OpenCode's plugin hands its session over itself.
 *
 * @param codexHome Codex's home ({@code $CODEX_HOME}, else {@code ~/.codex})
 * @param cursorHome Cursor's home ({@code ~/.cursor})
 */
public record AgentSessionFiles(Path codexHome, Path cursorHome) {
  /** Environment variable that moves Codex's home. */
  public static final String CODEX_HOME_ENV = "CODEX_HOME";
  // An id goes into a file name; anything else (a separator, "..") is no session of ours.
  private static final Pattern SAFE_ID = Pattern.compile("[A-Za-z0-9._-]{1,128}");

  public AgentSessionFiles {
    Objects.requireNonNull(codexHome, "codexHome");
    Objects.requireNonNull(cursorHome, "cursorHome");
  }

  /** The places under {@code userHome}, with Codex's moved by {@code env}'s {@code CODEX_HOME}. */
  public static AgentSessionFiles of(Path userHome, Map<String, String> env) {
    return new AgentSessionFiles(codexHome(userHome, env), userHome.resolve(".cursor"));
  }

  /** Codex's home: {@code $CODEX_HOME} when set, else {@code ~/.codex}. */
  public static Path codexHome(Path userHome, Map<String, String> env) {
    return Optional.ofNullable(env.get(CODEX_HOME_ENV)).filter(s -> !s.isBlank()).map(Path::of)
        .orElse(userHome.resolve(".codex"));
  }

  /**
   * The session file of {@code sessionId} that {@code agent} wrote; empty when there is none (or the agent names its
   * files itself), or the id could not name a file.
   */
  public Optional<Path> find(CodingAgent agent, String sessionId) {
    if (!SAFE_ID.matcher(sessionId).matches() || sessionId.startsWith(".")) {
      return Optional.empty();
    }
    try {
      return switch (agent) {
        case CODEX -> codexRollout(sessionId);
        case CURSOR -> cursorTranscript(sessionId);
        default -> Optional.empty();
      };
    } catch (IOException | UncheckedIOException e) {
      return Optional.empty(); // an unreadable directory is no transcript: the hook goes on without one
    }
  }

  private Optional<Path> codexRollout(String id) throws IOException {
    String suffix = "-" + id + ".jsonl";
    for (Path year : newestFirst(codexHome.resolve("sessions"))) {
      for (Path month : newestFirst(year)) {
        for (Path day : newestFirst(month)) {
          try (DirectoryStream<Path> files = Files.newDirectoryStream(day, "rollout-*" + suffix)) {
            for (Path f : files) {
              if (Files.isRegularFile(f)) {
                return Optional.of(f);
              }
            }
          }
        }
      }
    }
    return Optional.empty();
  }

  private Optional<Path> cursorTranscript(String id) throws IOException {
    Path projects = cursorHome.resolve("projects");
    if (!Files.isDirectory(projects)) {
      return Optional.empty();
    }
    try (DirectoryStream<Path> workspaces = Files.newDirectoryStream(projects, Files::isDirectory)) {
      for (Path workspace : workspaces) {
        Path transcripts = workspace.resolve("agent-transcripts");
        for (Path candidate : List.of(transcripts.resolve(id).resolve(id + ".jsonl"), transcripts.resolve(id + ".jsonl"))) {
          if (Files.isRegularFile(candidate)) {
            return Optional.of(candidate);
          }
        }
      }
    }
    return Optional.empty();
  }

  // Codex's date directories sort by name as by date.
  private static List<Path> newestFirst(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    List<Path> out = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, Files::isDirectory)) {
      entries.forEach(out::add);
    }
    out.sort(Comparator.comparing((Path p) -> p.getFileName().toString()).reversed());
    return out;
  }
}
