package io.engram.index;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.Term;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.junit.jupiter.api.Test;

/** Keyword coverage read straight from a Lucene index whose segments still hold replaced documents. */
class KeywordQueriesTest {
  @Test
  void coverageStaysAShareWhileReplacedDocumentsAreStillCountedByTheirTerms() throws Exception {
    RecallAnalyzer analyzer = new RecallAnalyzer();
    try (ByteBuffersDirectory dir = new ByteBuffersDirectory();
        IndexWriter writer = new IndexWriter(dir, new IndexWriterConfig(analyzer).setMergePolicy(NoMergePolicy.INSTANCE))) {
      // Every version of the notes says "tests"; the replaced versions stay in their segments, unmerged, so the
      // term's document frequency counts more documents than the index holds.
      for (int round = 0; round < 20; round++) {
        for (int i = 0; i < 5; i++) {
          writer.updateDocument(new Term("id", "note-" + i), doc("note-" + i, "the tests of round " + round));
        }
        // A document that stays keeps each segment alive (a segment with nothing live in it is dropped at once).
        writer.addDocument(doc("kept-" + round, "what round " + round + " said"));
        writer.commit();
      }
      writer.addDocument(doc("integration", "run the integration suite nightly"));
      writer.commit();
      try (DirectoryReader reader = DirectoryReader.open(writer)) {
        assertThat(reader.docFreq(new Term("body", "test"))).isGreaterThan(reader.numDocs());
        String[] idOf = new String[reader.maxDoc()];
        for (int d = 0; d < reader.maxDoc(); d++) {
          idOf[d] = reader.storedFields().document(d).get("id");
        }
        List<String> terms = new KeywordQueries(analyzer).terms("run the integration tests");

        Map<String, Double> coverage = KeywordQueries.coverage(reader, idOf, terms, List.of("note-0", "integration"));

        assertThat(coverage.get("note-0")).isGreaterThanOrEqualTo(0.0).isLessThan(0.1);
        assertThat(coverage.get("integration")).isGreaterThan(0.9).isLessThanOrEqualTo(1.0);
      }
    }
  }

  private static Document doc(String id, String body) {
    Document doc = new Document();
    doc.add(new StringField("id", id, Field.Store.YES));
    doc.add(new TextField("name", id, Field.Store.NO));
    doc.add(new TextField("description", "", Field.Store.NO));
    doc.add(new TextField("body", body, Field.Store.NO));
    return doc;
  }
}
