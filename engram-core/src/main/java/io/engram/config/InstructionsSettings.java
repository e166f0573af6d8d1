package io.engram.config;

import java.util.List;

/** Instruction files: which names are read, where traversal stops, how deep imports go. */
public record InstructionsSettings(
    @Setting(byDefault = "['CLAUDE.md', 'AGENTS.md']", help = "Names of the instruction files read in each"
        + " directory") List<String> fileNames,
    @Setting(byDefault = "CLAUDE.local.md", help = "Name of the personal instruction file, not committed")
        String localFileName,
    @Setting(byDefault = "/etc/claude-code/CLAUDE.md", help = "The organisation's managed instruction file")
        String managedPath,
    @Setting(byDefault = "~/.claude", help = "Directory of the user's own instruction file") String userDir,
    @Setting(byDefault = "false", help = "Whether the walk up from the project stops at the git repository's root"
        + " (else at /)") boolean stopAtRepoRoot,
    @Setting(byDefault = "5", min = 0, help = "How deep @imports are followed") int maxImportHops,
    @Setting(byDefault = "40_000", min = 1, help = "Characters past which an instruction file is reported as"
        + " large") int warnChars) implements SettingsSection<InstructionsSettings> {
  public static final InstructionsSettings DEFAULTS = SettingDeclarations.defaults(InstructionsSettings.class);

  /** Keeps the list unmodifiable. */
  public InstructionsSettings {
    fileNames = List.copyOf(fileNames);
  }
}
