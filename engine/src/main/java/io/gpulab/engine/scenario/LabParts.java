package io.gpulab.engine.scenario;

import io.gpulab.engine.lab.CardSpec;
import io.gpulab.engine.lab.HamiSettings;
import io.gpulab.mockgpu.catalog.CardCatalog;

import java.io.StringReader;

/**
 * The scenario reader's pieces other documents reuse (the plan file has the same {@code hami} settings
 * and {@code cards} entries), so one reader owns each key's rules and its located errors.
 */
public final class LabParts {

    private final LabReader reader;

    public LabParts(CardCatalog catalog) {
        this.reader = new LabReader(catalog);
    }

    /** A {@code hami:} mapping, as in a scenario's {@code lab.hami}. */
    public HamiSettings hami(ScenarioNode h) {
        return reader.hami(h);
    }

    /** One {@code cards:} entry, as in a scenario worker; unknown models list the catalog's. */
    public CardSpec card(ScenarioNode c) {
        return reader.card(c);
    }

    /** A document in memory as a located tree; {@code .json} names are read as JSON. */
    public static LocatedTree tree(String file, String text) {
        return LocatedTree.read(file, new StringReader(text), file.endsWith(".json"));
    }
}
