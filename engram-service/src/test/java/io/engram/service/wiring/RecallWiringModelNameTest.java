package io.engram.service.wiring;

import static org.assertj.core.api.Assertions.assertThat;

import io.engram.config.RecallSettings;
import io.engram.config.SettingsLoader;
import io.engram.embeddings.BertModel;
import io.engram.fs.HomeLayout;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecallWiringModelNameTest {
  @TempDir Path home;

  @Test
  void theDefaultReadsChineseWithTheChineseModelOnceItIsInstalled() throws IOException {
    RecallSettings defaults = RecallSettings.DEFAULTS;
    assertThat(RecallWiring.modelName(home, defaults)).isEqualTo("all-MiniLM-L6-v2-q");

    installed(BertModel.BGE_SMALL_ZH_V15_Q);

    assertThat(RecallWiring.modelName(home, defaults)).isEqualTo("all-MiniLM-L6-v2-q+bge-small-zh-v1.5-q");
  }

  @Test
  void aModelNamedInTheSettingsIsUsedAsNamed() throws IOException {
    installed(BertModel.BGE_SMALL_ZH_V15_Q);
    RecallSettings miniLmAlone = SettingsLoader.parse(
        "{\"recall\": {\"embeddingModel\": \"all-MiniLM-L6-v2-q\"}}", "settings.json").recall();

    assertThat(RecallWiring.modelName(home, miniLmAlone)).isEqualTo("all-MiniLM-L6-v2-q");
  }

  /** A jar in the models directory holding {@code model}'s two files (their bytes do not matter here). */
  private void installed(BertModel model) throws IOException {
    Path models = HomeLayout.of(home).models();
    Files.createDirectories(models);
    try (OutputStream file = Files.newOutputStream(models.resolve(model.name() + ".jar"));
        ZipOutputStream zip = new ZipOutputStream(file)) {
      for (String name : new String[] {model.onnxResource(), model.tokenizerResource()}) {
        zip.putNextEntry(new ZipEntry(name));
        zip.write(1);
        zip.closeEntry();
      }
    }
  }
}
