package io.engram.cli.integration;

import io.engram.cli.global.RunningJar;
import io.engram.config.ServiceSettings;
import io.engram.service.ServiceFiles;
import java.io.File;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Starts {@code engram daemon run} for a home as a process of its own that outlives its starter: in a new
 * session ({@code setsid}, where there is one) so that Claude Code ending a hook's process group does not end
 * it, with no stdin, and its output appended to {@code <home>/service/service.log}. It runs on the same Java
 * and class path as this process; without a UTF-8 locale in the environment it gets {@code C.UTF-8}, so the
 * paths and text it handles are not mangled.
 *
 * <p>Its JVM is sized for a long-lived process on a small machine: the serial collector (no concurrent GC threads
 * and remembered sets: G1's cost 49 MiB committed here) and a heap that starts small and grows as needed, up to
 * {@code service.maxHeapMiB} (by default the JVM commits 1/64 of the machine's memory at once, 384 MiB on 24 GiB,
 * and keeps it); glibc keeps two malloc arenas instead of up to eight per core for ONNX Runtime's and the JVM's
 * native allocations.
 */
public final class ServiceStarter {
  private ServiceStarter() {}

  /**
   * Starts the service of {@code home} in the background with {@code environment} and the JVM sizing of
   * {@code settings}; returns at once.
   */
  public static Process startInBackground(Path home, Map<String, String> environment, ServiceSettings settings)
      throws IOException {
    return process(home, ServiceFiles.of(home).create(), environment, settings).start();
  }

  /** How the service of {@code home} is started: its command, folder, streams and environment. */
  static ProcessBuilder process(Path home, ServiceFiles files, Map<String, String> environment,
      ServiceSettings settings) {
    List<String> command = new ArrayList<>();
    Path setsid = Path.of("/usr/bin/setsid");
    if (Files.isExecutable(setsid)) {
      command.add(setsid.toString());
    }
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Dfile.encoding=UTF-8");
    command.addAll(jvmOptions(settings));
    // Should the JVM or a native library crash, its report goes beside the service's log, never into the project
    // the hook was called from (the service's working directory is its own folder for the same reason).
    command.add("-XX:ErrorFile=" + files.dir().toAbsolutePath().resolve("hs_err_pid%p.log"));
    command.add("-cp");
    command.add(classPath());
    command.add(RunningJar.MAIN_CLASS);
    command.add("--home");
    command.add(home.toAbsolutePath().normalize().toString());
    command.add("daemon");
    command.add("run");
    ProcessBuilder pb = new ProcessBuilder(command)
        .directory(files.dir().toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .redirectOutput(ProcessBuilder.Redirect.appendTo(files.log().toFile()))
        .redirectErrorStream(true);
    pb.environment().clear();
    pb.environment().putAll(environment);
    if (!hasUtf8Locale(environment)) {
      pb.environment().put("LC_ALL", "C.UTF-8");
    }
    pb.environment().putIfAbsent("MALLOC_ARENA_MAX", "2");
    return pb;
  }

  /** The JVM options of the service: the serial collector, a heap of 16 MiB that grows up to the setting. */
  static List<String> jvmOptions(ServiceSettings settings) {
    return List.of("-XX:+UseSerialGC", "-Xms16m", "-Xmx" + settings.maxHeapMiB() + "m",
        // Give memory back after a peak (the model's load, a large store's first index) instead of keeping it.
        "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=30");
  }

  /** This process's class path with every entry made absolute (a relative jar path names the starter's cwd). */
  static String classPath() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(e -> !e.isBlank())
        .map(e -> Path.of(e).toAbsolutePath().normalize().toString())
        .collect(Collectors.joining(File.pathSeparator));
  }

  static boolean hasUtf8Locale(Map<String, String> env) {
    for (String name : List.of("LC_ALL", "LC_CTYPE", "LANG")) {
      String value = env.getOrDefault(name, "");
      if (!value.isBlank()) {
        String v = value.toLowerCase(Locale.ROOT);
        return v.contains("utf-8") || v.contains("utf8");
      }
    }
    return Charset.defaultCharset().equals(StandardCharsets.UTF_8);
  }
}
