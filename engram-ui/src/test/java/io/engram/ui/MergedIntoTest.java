package io.engram.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.dream.DreamRun;
import io.engram.memory.Memory;
import io.engram.memory.MemoryScope;
import io.engram.memory.MemoryType;
import io.engram.memory.StoredMemory;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A name a dream merged away leads to the memory its file went into, unless that run was undone. */
class MergedIntoTest {
  private static final List<StoredMemory> NOW = List.of(new StoredMemory(Memory.of("deploy-needs-vpn",
      MemoryType.PROJECT, "deploying needs the VPN", "Connect first."), Path.of("/m/deploy-needs-vpn.md"),
      MemoryScope.PROJECT));

  private static DreamRun run(String id, boolean undone, String... changes) {
    return new DreamRun(id, Instant.parse("2026-01-02T00:00:00Z"), "offline", 3, List.of(), 0, List.of(), Map.of(),
        List.of(changes), List.of(), List.of(), "", undone, !undone);
  }

  @Test
  void aMergedNameLeadsToTheMemoryThatHoldsItsText() {
    List<DreamRun> runs = List.of(run("r2", false, "update MEMORY.md: prune", "merge deploy-needs-the-vpn.md, "
        + "old-vpn.md into deploy-needs-vpn.md: near-duplicates (0.91)"));
    assertThat(MergedInto.find(runs, "deploy-needs-the-vpn", NOW))
        .contains(new MemoryApi.Merged("deploy-needs-the-vpn", "deploy-needs-vpn", "r2"));
    assertThat(MergedInto.find(runs, "old-vpn", NOW)).map(MemoryApi.Merged::into).contains("deploy-needs-vpn");
    assertThat(MergedInto.find(runs, "something-else", NOW)).isEmpty();
  }

  @Test
  void anUndoneRunOrATargetThatIsGoneLeadsNowhere() {
    String merge = "merge deploy-needs-the-vpn.md into deploy-needs-vpn.md: near-duplicates (0.91)";
    assertThat(MergedInto.find(List.of(run("r1", true, merge)), "deploy-needs-the-vpn", NOW)).isEmpty();
    assertThat(MergedInto.find(List.of(run("r1", false, merge)), "deploy-needs-the-vpn", List.of())).isEmpty();
  }
}
