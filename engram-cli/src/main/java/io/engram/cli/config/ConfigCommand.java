package io.engram.cli.config;

import io.engram.fs.HomeLayout;
import io.engram.cli.global.GlobalOptions;
import io.engram.cli.output.JsonOption;
import io.engram.config.SettingsLoader;
import java.io.PrintWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code engram config}: shows where Engram's files are and the settings in force. */
@Command(
    name = "config",
    mixinStandardHelpOptions = true,
    description = {
      "Show Engram's home, the project and the effective settings.",
      "The effective settings are the defaults overlaid with <home>/settings.json."})
public final class ConfigCommand implements Runnable {
  @Spec CommandSpec spec;

  @Mixin JsonOption json;

  @Override
  public void run() {
    PrintWriter out = spec.commandLine().getOut();
    GlobalOptions global = GlobalOptions.of(spec);
    if (json.enabled()) {
      out.println(SettingsLoader.toJson(global.settings()));
      out.flush();
      return;
    }
    out.println("home:     " + global.roots().engramHome());
    out.println("settings: " + HomeLayout.of(global.roots().engramHome()).settingsFile());
    out.println("project:  " + global.roots().projectDir());
    out.println();
    out.println(SettingsLoader.toJson(global.settings()));
    out.flush();
  }
}
