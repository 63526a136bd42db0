package io.gpulab.mockgpu.catalog;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The GPU models the mock device plugin can present. Names and aliases match case-insensitively.
 * Immutable; {@link #builtIn()} is loaded once from {@code gpulab/catalog/cards.yaml}.
 */
public final class CardCatalog {

    /** Classpath location of the built-in catalog (in the assets module). */
    public static final String RESOURCE = "gpulab/catalog/cards.yaml";

    private static volatile CardCatalog builtIn;

    private final List<CardModel> models;
    private final Map<String, CardModel> byName = new LinkedHashMap<>();

    /**
     * @throws IllegalArgumentException when two models share a name or alias
     */
    public CardCatalog(List<CardModel> models) {
        this.models = List.copyOf(models);
        for (CardModel m : this.models) {
            index(m.name(), m);
            m.aliases().forEach(a -> index(a, m));
        }
    }

    /** The catalog shipped in assets. */
    public static CardCatalog builtIn() {
        CardCatalog c = builtIn;
        if (c == null) {
            synchronized (CardCatalog.class) {
                c = builtIn;
                if (c == null) {
                    c = load();
                    builtIn = c;
                }
            }
        }
        return c;
    }

    public List<CardModel> models() {
        return models;
    }

    public Optional<CardModel> find(String name) {
        return Optional.ofNullable(byName.get(name.toLowerCase(Locale.ROOT)));
    }

    /**
     * @throws IllegalArgumentException naming the unknown model and listing the known ones
     */
    public CardModel require(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException("unknown card model '" + name
                + "'; known models: " + String.join(", ", models.stream().map(CardModel::name).toList())));
    }

    private void index(String key, CardModel m) {
        CardModel old = byName.put(key.toLowerCase(Locale.ROOT), m);
        if (old != null) {
            throw new IllegalArgumentException("card catalog: name or alias '" + key + "' used by both "
                    + old.name() + " and " + m.name());
        }
    }

    private static CardCatalog load() {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory())
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        try (InputStream in = CardCatalog.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("card catalog resource " + RESOURCE + " is missing from the classpath");
            }
            return new CardCatalog(yaml.readValue(in, CatalogFile.class).models());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read card catalog " + RESOURCE + ": " + e.getMessage(), e);
        }
    }

    /** The file's top level. */
    private record CatalogFile(@JsonProperty(value = "models", required = true) List<CardModel> models) { }
}
