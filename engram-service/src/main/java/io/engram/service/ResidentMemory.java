package io.engram.service;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The resident set size of this process, from {@code /proc/self/status} (Linux); -1 where there is none. */
final class ResidentMemory {
  private ResidentMemory() {}

  static long mebibytes() {
    Path status = Path.of("/proc/self/status");
    try {
      for (String line : Files.readAllLines(status)) {
        if (line.startsWith("VmRSS:")) {
          String kb = line.substring("VmRSS:".length()).replace("kB", "").strip();
          return Long.parseLong(kb) / 1024;
        }
      }
    } catch (IOException | NumberFormatException e) {
      // not Linux, or not readable: unknown
    }
    return -1;
  }
}
