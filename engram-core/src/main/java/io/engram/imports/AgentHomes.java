package io.engram.imports;

import io.engram.config.EngramRoots;
import io.engram.config.EngramSettings;
import io.engram.memory.MemoryStores;
import io.engram.transcript.AgentSessionFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * Where the agents keep their own memory for one project.
 *
 * @param projectRoot the project's root directory (the repository's, when there is one)
 * @param claudeMemoryDir Claude Code's auto memory of the project ({@code <claude home>/projects/<project>/memory})
 * @param codexHome Codex's home ({@code $CODEX_HOME}, else {@code ~/.codex})
 * @param geminiHome Gemini CLI's home ({@code ~/.gemini})
 */
public record AgentHomes(Path projectRoot, Path claudeMemoryDir, Path codexHome, Path geminiHome) {
  public AgentHomes {
    Objects.requireNonNull(projectRoot, "projectRoot");
    Objects.requireNonNull(claudeMemoryDir, "claudeMemoryDir");
    Objects.requireNonNull(codexHome, "codexHome");
    Objects.requireNonNull(geminiHome, "geminiHome");
  }

  /** The places for the project of {@code roots}, as each agent finds them from its defaults and {@code env}. */
  public static AgentHomes of(EngramRoots roots, EngramSettings settings, Map<String, String> env) throws IOException {
    Path root = MemoryStores.projectRoot(roots, settings);
    Path codex = AgentSessionFiles.codexHome(roots.userHome(), env);
    return new AgentHomes(root.toAbsolutePath().normalize(),
        MemoryStores.claudeProjectDir(roots, settings).resolve("memory"), codex, roots.userHome().resolve(".gemini"));
  }
}
