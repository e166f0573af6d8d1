package io.engram.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.engram.config.EngramSettings;
import io.engram.transcript.AgentSessionFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Engram set up in one coding agent ({@code engram hooks install --agent AGENT}), in the files that agent reads:
 *
 * <ul>
 *   <li>Claude Code: the hooks in {@code .claude/settings.json} (or {@code settings.local.json}, or the user's), the
 *       MCP server in {@code .mcp.json} (the user's and a project's personal one in {@code ~/.claude.json}).
 *   <li>Codex: the hooks in {@code .codex/hooks.json}; the MCP server and the instruction files it should also read
 *       ({@code project_doc_fallback_filenames}) in {@code .codex/config.toml} (the user's in {@code $CODEX_HOME}).
 *   <li>Gemini CLI: hooks, MCP server and, when unset, {@code context.fileName} (so it reads {@code AGENTS.md} and
 *       {@code CLAUDE.md} beside {@code GEMINI.md}) in {@code .gemini/settings.json}.
 *   <li>Cursor: the hooks in {@code .cursor/hooks.json}, the MCP server in {@code .cursor/mcp.json}.
 *   <li>OpenCode: a plugin, {@code .opencode/plugins/engram.js} (the user's under {@code ~/.config/opencode}), and the
 *       MCP server in {@code opencode.json}.
 * </ul>
 * Every file keeps what Engram did not write; installing twice changes nothing; uninstall takes out exactly Engram's
 * hooks, its MCP entry (one named engram that runs {@code engram mcp}), the instruction setting it wrote (only when it
 * is still as written) and its plugin, and deletes a file left holding nothing. Each MCP entry sets {@code
 * ENGRAM_AGENT}, so a memory written through MCP records its agent.
 */
public final class AgentSetup {

  private AgentSetup() {}

  /** Whose files: the project's (shared through git), a project's personal ones (Claude Code only), the user's. */
  public enum Scope { PROJECT, LOCAL, USER }

  /**
   * Where the agents' files are.
   *
   * @param projectDir the project's directory
   * @param userHome the person's home directory
   * @param env the environment ({@code CODEX_HOME}, {@code XDG_CONFIG_HOME})
   */
  public record Places(Path projectDir, Path userHome, Map<String, String> env) {
    public Places {
      Objects.requireNonNull(projectDir, "projectDir");
      Objects.requireNonNull(userHome, "userHome");
      env = Map.copyOf(env);
    }

    Path openCodeConfig() {
      String xdg = env.getOrDefault("XDG_CONFIG_HOME", "");
      return (xdg.isBlank() ? userHome.resolve(".config") : Path.of(xdg)).resolve("opencode");
    }
  }

  /**
   * What install or uninstall did to one file.
   *
   * @param file the file
   * @param part what of Engram's it holds: {@code hooks}, {@code mcp} (with Codex's instruction setting), {@code
   *     plugin} (OpenCode's), or {@code settings} (Gemini CLI's one file for all three)
   * @param added the hook events, servers and settings added
   * @param removed those removed
   * @param written whether the file changed
   */
  public record FileChange(Path file, String part, List<String> added, List<String> removed, boolean written) {
    public FileChange {
      added = List.copyOf(added);
      removed = List.copyOf(removed);
    }
  }

  /** Everything one install or uninstall did, and what it left alone and why. */
  public record Outcome(List<FileChange> files, List<String> notes) {
    public Outcome {
      files = List.copyOf(files);
      notes = List.copyOf(notes);
    }
  }

  /** Writes Engram into {@code dialect}'s files of {@code scope}; {@code lockDir} holds the locks. */
  public static Outcome install(HookDialect dialect, Scope scope, Places places, EngramCommand command,
      EngramSettings settings, Path lockDir) throws IOException {
    checkScope(dialect, scope);
    List<FileChange> files = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    List<String> instructions = settings.instructions().fileNames();
    switch (dialect) {
      case CLAUDE_CODE -> {
        ClaudeHookSettings.Change c = ClaudeHookSettings.install(hooksFile(dialect, scope, places), command.shell(),
            settings.hooks(), lockDir);
        files.add(new FileChange(c.file(), "hooks", c.added(), c.removed(), c.written()));
        files.add(json(claudeMcpFile(scope, places), "mcp", lockDir,
            root -> McpServerEntry.install(claudeServers(root, scope, places), dialect, command, notes)));
      }
      case CODEX -> {
        files.add(json(hooksFile(dialect, scope, places), "hooks", lockDir,
            root -> AgentHookEntries.install(root, dialect, command, settings.hooks())));
        List<String> fallback = instructions.stream().filter(n -> !n.equals("AGENTS.md")).toList();
        CodexConfigToml.Result r = CodexConfigToml.install(codexConfig(scope, places), command, fallback, lockDir, notes);
        files.add(new FileChange(r.file(), "mcp", r.added(), r.removed(), r.written()));
      }
      case GEMINI -> files.add(json(hooksFile(dialect, scope, places), "settings", lockDir, root -> {
        JsonConfigFile.Delta hooks = AgentHookEntries.install(root, dialect, command, settings.hooks());
        JsonConfigFile.Delta mcp = McpServerEntry.install(JsonConfigFile.object(root, "mcpServers"), dialect, command,
            notes);
        List<String> added = new ArrayList<>(hooks.added());
        added.addAll(mcp.added());
        geminiContext(root, instructions, notes).ifPresent(added::add);
        return new JsonConfigFile.Delta(added, List.of());
      }));
      case CURSOR -> {
        files.add(json(hooksFile(dialect, scope, places), "hooks", lockDir,
            root -> AgentHookEntries.install(root, dialect, command, settings.hooks())));
        files.add(json(cursorMcp(scope, places), "mcp", lockDir,
            root -> McpServerEntry.install(JsonConfigFile.object(root, "mcpServers"), dialect, command, notes)));
      }
      case OPENCODE -> {
        files.add(OpenCodePlugin.install(hooksFile(dialect, scope, places), command, lockDir));
        files.add(json(openCodeConfig(scope, places), "mcp", lockDir,
            root -> McpServerEntry.install(JsonConfigFile.object(root, "mcp"), dialect, command, notes)));
      }
    }
    return new Outcome(files, notes);
  }

  /** Takes Engram out of {@code dialect}'s files of {@code scope}, exactly what {@link #install} wrote. */
  public static Outcome uninstall(HookDialect dialect, Scope scope, Places places, Path lockDir) throws IOException {
    checkScope(dialect, scope);
    List<FileChange> files = new ArrayList<>();
    List<String> instructions = EngramSettings.DEFAULTS.instructions().fileNames();
    switch (dialect) {
      case CLAUDE_CODE -> {
        ClaudeHookSettings.Change c = ClaudeHookSettings.uninstall(hooksFile(dialect, scope, places), lockDir);
        files.add(new FileChange(c.file(), "hooks", c.added(), c.removed(), c.written()));
        files.add(jsonRemoval(claudeMcpFile(scope, places), "mcp", lockDir,
            root -> removeServer(claudeServers(root, scope, places))));
      }
      case CODEX -> {
        files.add(jsonRemoval(hooksFile(dialect, scope, places), "hooks", lockDir,
            root -> AgentHookEntries.remove(root, dialect)));
        CodexConfigToml.Result r = CodexConfigToml.uninstall(codexConfig(scope, places), lockDir);
        files.add(new FileChange(r.file(), "mcp", r.added(), r.removed(), r.written()));
      }
      case GEMINI -> files.add(jsonRemoval(hooksFile(dialect, scope, places), "settings", lockDir, root -> {
        List<String> removed = new ArrayList<>(AgentHookEntries.remove(root, dialect));
        if (root.get("mcpServers") instanceof ObjectNode servers) {
          removed.addAll(removeServer(servers));
          dropIfEmpty(root, "mcpServers");
        }
        if (root.get("context") instanceof ObjectNode context
            && context.path("fileName").equals(geminiFileNames(instructions))) {
          context.remove("fileName");
          dropIfEmpty(root, "context");
          removed.add("context.fileName");
        }
        return removed;
      }));
      case CURSOR -> {
        files.add(jsonRemoval(hooksFile(dialect, scope, places), "hooks", lockDir,
            root -> AgentHookEntries.remove(root, dialect)));
        files.add(jsonRemoval(cursorMcp(scope, places), "mcp", lockDir,
            root -> removeServer(JsonConfigFile.object(root, "mcpServers"))));
      }
      case OPENCODE -> {
        files.add(OpenCodePlugin.remove(hooksFile(dialect, scope, places), lockDir));
        files.add(jsonRemoval(openCodeConfig(scope, places), "mcp", lockDir,
            root -> removeServer(JsonConfigFile.object(root, "mcp"))));
      }
    }
    return new Outcome(files, List.of());
  }

  /** The file that holds {@code dialect}'s hooks (OpenCode: Engram's plugin) for {@code scope}. */
  public static Path hooksFile(HookDialect dialect, Scope scope, Places places) {
    boolean user = scope == Scope.USER;
    Path project = places.projectDir();
    return switch (dialect) {
      case CLAUDE_CODE -> switch (scope) {
        case PROJECT -> project.resolve(".claude").resolve("settings.json");
        case LOCAL -> project.resolve(".claude").resolve("settings.local.json");
        case USER -> places.userHome().resolve(".claude").resolve("settings.json");
      };
      case CODEX -> (user ? AgentSessionFiles.codexHome(places.userHome(), places.env()) : project.resolve(".codex"))
          .resolve("hooks.json");
      case GEMINI -> (user ? places.userHome() : project).resolve(".gemini").resolve("settings.json");
      case CURSOR -> (user ? places.userHome() : project).resolve(".cursor").resolve("hooks.json");
      case OPENCODE -> (user ? places.openCodeConfig() : project.resolve(".opencode")).resolve("plugins")
          .resolve("engram.js");
    };
  }

  private static void checkScope(HookDialect dialect, Scope scope) {
    if (scope == Scope.LOCAL && dialect != HookDialect.CLAUDE_CODE) {
      throw new IllegalArgumentException(dialect.agent().displayName() + " has no personal project settings; use"
          + " --scope project or --scope user");
    }
  }

  private static Path claudeMcpFile(Scope scope, Places places) {
    return scope == Scope.PROJECT ? places.projectDir().resolve(".mcp.json") : places.userHome().resolve(".claude.json");
  }

  // ~/.claude.json keeps the user's servers at the top and a project's personal ones under projects.<path>.
  private static ObjectNode claudeServers(ObjectNode root, Scope scope, Places places) {
    ObjectNode holder = scope == Scope.LOCAL ? JsonConfigFile.object(JsonConfigFile.object(root, "projects"),
        places.projectDir().toAbsolutePath().normalize().toString()) : root;
    return JsonConfigFile.object(holder, "mcpServers");
  }

  private static Path codexConfig(Scope scope, Places places) {
    return hooksFile(HookDialect.CODEX, scope, places).resolveSibling("config.toml");
  }

  private static Path cursorMcp(Scope scope, Places places) {
    return hooksFile(HookDialect.CURSOR, scope, places).resolveSibling("mcp.json");
  }

  private static Path openCodeConfig(Scope scope, Places places) {
    return (scope == Scope.USER ? places.openCodeConfig() : places.projectDir()).resolve("opencode.json");
  }

  private static java.util.Optional<String> geminiContext(ObjectNode root, List<String> instructions,
      List<String> notes) {
    ObjectNode context = JsonConfigFile.object(root, "context");
    JsonNode names = context.get("fileName");
    if (names == null) {
      context.set("fileName", geminiFileNames(instructions));
      return java.util.Optional.of("context.fileName");
    }
    if (!names.equals(geminiFileNames(instructions))) {
      notes.add("Gemini CLI's context.fileName is already set (" + names + "); for it to read Engram's instruction"
          + " files list " + String.join(" and ", instructions) + " there");
    }
    return java.util.Optional.empty();
  }

  // Gemini CLI's own file first, then Engram's instruction files.
  private static ArrayNode geminiFileNames(List<String> instructions) {
    ArrayNode names = JsonConfigFile.JSON.createArrayNode().add("GEMINI.md");
    instructions.forEach(names::add);
    return names;
  }

  private static List<String> removeServer(ObjectNode servers) {
    return McpServerEntry.remove(servers) ? List.of(McpServerEntry.NAME) : List.of();
  }

  private static void dropIfEmpty(ObjectNode root, String key) {
    if (root.get(key) instanceof ObjectNode o && o.isEmpty()) {
      root.remove(key);
    }
  }

  @FunctionalInterface
  private interface Removal {
    List<String> apply(ObjectNode root);
  }

  private static FileChange json(Path file, String part, Path lockDir, JsonConfigFile.Edit edit) throws IOException {
    JsonConfigFile.Result r = JsonConfigFile.edit(file, lockDir, List.of("hooks", "mcpServers", "mcp", "context"), edit);
    return new FileChange(file, part, r.delta().added(), r.delta().removed(), r.written());
  }

  // A removal that leaves the object holding a server map, or the whole file, empty takes those away too.
  private static FileChange jsonRemoval(Path file, String part, Path lockDir, Removal removal) throws IOException {
    if (!Files.exists(file)) {
      return new FileChange(file, part, List.of(), List.of(), false);
    }
    JsonConfigFile.Result r = JsonConfigFile.edit(file, lockDir, List.of("hooks", "mcpServers", "mcp", "context"),
        root -> {
          List<String> removed = removal.apply(root);
          if (!removed.isEmpty()) {
            List.of("mcpServers", "mcp").forEach(k -> dropIfEmpty(root, k));
          }
          return new JsonConfigFile.Delta(List.of(), removed);
        });
    if (r.written() && JsonConfigFile.JSON.readTree(file.toFile()).isEmpty()) {
      Files.delete(file);
    }
    return new FileChange(file, part, List.of(), r.delta().removed(), r.written());
  }
}
