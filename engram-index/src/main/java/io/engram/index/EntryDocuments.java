package io.engram.index;

import io.engram.recall.SearchIndex.Entry;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorSimilarityFunction;

/** The Lucene document each recall entry is indexed as, and the names of its fields. */
final class EntryDocuments {
  /** The memory's id, stored and indexed whole so a change replaces the document. */
  static final String ID = "id";
  /** The content hash, stored only: recall compares it to re-index just what changed. */
  static final String HASH = "hash";
  /** The embedding, compared by cosine. */
  static final String VECTOR = "vector";

  private EntryDocuments() {}

  /** The document of {@code entry}: its id and hash, its three analysed text fields and its vector if it has one. */
  static Document of(Entry entry) {
    Document doc = new Document();
    doc.add(new StringField(ID, entry.id(), Field.Store.YES));
    doc.add(new StoredField(HASH, entry.contentHash()));
    doc.add(new TextField("name", entry.name(), Field.Store.NO));
    doc.add(new TextField("description", entry.description(), Field.Store.NO));
    doc.add(new TextField("body", entry.body(), Field.Store.NO));
    entry.vector().ifPresent(v -> doc.add(new KnnFloatVectorField(VECTOR, v, VectorSimilarityFunction.COSINE)));
    return doc;
  }

  /** The term that finds the document of the memory {@code id}. */
  static Term idTerm(String id) {
    return new Term(ID, id);
  }
}
