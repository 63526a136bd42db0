package io.gpulab.mockgpu.plugin;

import io.gpulab.scheduler.model.MigPlacement;
import io.gpulab.scheduler.model.MigProfile;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The MIG profiles a card in {@code mig} mode registers, per model, as HAMi's device config lists them
 * ({@code nvidia.migProfileAllowlist} of the chart's {@code device-config.yaml}: models and profile names). The
 * placements are NVIDIA's MIG geometry: cards with 8 memory slices (A100, H100, H20, H200, B200) place
 * {@code 1g} at 0..6, {@code 2g} at 0/2/4, {@code 3g} at 0/4 (4 slices wide), {@code 4g} at 0, {@code 7g} over all
 * 8; cards with 4 slices (A30, RTX PRO 6000) place {@code 1g} at 0..3, {@code 2g} at 0/2, {@code 4g} at 0. A
 * profile's memory is its name's GB x 1024 (NVML reports slightly less) and its cores are its compute slices'
 * share of the card (e.g. {@code 1g} of 7 = 14).
 */
public final class MigGeometries {

    /** Allowlist entries: model names, then profile names (chart order). */
    private static final List<Map.Entry<List<String>, List<String>>> ALLOWLIST = List.of(
            Map.entry(List.of("A30"), List.of("1g.6gb", "2g.12gb", "4g.24gb")),
            Map.entry(List.of("A100-SXM4-40GB", "A100-40GB-PCIe", "A100-PCIE-40GB"),
                    List.of("1g.5gb", "2g.10gb", "3g.20gb", "7g.40gb")),
            Map.entry(List.of("A100-SXM4-80GB", "A100-80GB-PCIe", "A100-PCIE-80GB"),
                    List.of("1g.10gb", "2g.20gb", "3g.40gb", "7g.79gb")),
            Map.entry(List.of("H100-PCIE-80GB", "H100-SXM5-80GB"), List.of("1g.10gb", "2g.20gb", "3g.40gb", "7g.80gb")),
            Map.entry(List.of("H100-PCIE-94GB", "H100-SXM5-94GB"), List.of("1g.12gb", "2g.24gb", "3g.47gb", "7g.94gb")),
            Map.entry(List.of("H20", "H100 on GH200"), List.of("1g.12gb", "2g.24gb", "3g.48gb", "7g.96gb")),
            Map.entry(List.of("H200 NVL", "H200-SXM5"), List.of("1g.18gb", "2g.35gb", "3g.71gb", "7g.141gb")),
            Map.entry(List.of("B200"), List.of("1g.23gb", "2g.45gb", "3g.90gb", "7g.180gb")),
            Map.entry(List.of("RTX PRO 6000 Blackwell Server Edition"), List.of("1g.24gb", "2g.48gb", "4g.96gb")));

    private MigGeometries() {
    }

    /**
     * The profiles of the first allowlist entry naming one of {@code names} (the card's type string, catalog name
     * and aliases; a model matches when it is contained in one), or an empty list for a model HAMi lists none for.
     */
    public static List<MigProfile> profiles(Collection<String> names) {
        for (var e : ALLOWLIST) {
            for (String model : e.getKey()) {
                if (names.stream().anyMatch(n -> n.contains(model))) {
                    boolean four = e.getValue().stream().anyMatch(p -> p.startsWith("4g.")) && e.getValue().stream()
                            .noneMatch(p -> p.startsWith("7g."));
                    List<MigProfile> out = new ArrayList<>();
                    e.getValue().forEach(p -> out.add(profile(p, four ? 4 : 8, four ? 4 : 7)));
                    return out;
                }
            }
        }
        return List.of();
    }

    /** The most instances any profile allows: what a MIG card registers as its {@code count}. */
    public static int maxInstances(List<MigProfile> profiles) {
        return profiles.stream().mapToInt(p -> p.placements().size()).max().orElse(1);
    }

    private static MigProfile profile(String name, int memSlices, int computeSlices) {
        int g = Integer.parseInt(name.substring(0, name.indexOf('g')));
        int gb = Integer.parseInt(name.substring(name.indexOf('.') + 1, name.length() - 2));
        List<MigPlacement> placements = new ArrayList<>();
        if (g >= computeSlices) {
            placements.add(new MigPlacement(0, memSlices));
        } else if (g == 1) {
            for (int s = 0; s < computeSlices; s++) {
                placements.add(new MigPlacement(s, 1));
            }
        } else if (g == 2) {
            for (int s = 0; s + 2 <= (memSlices == 8 ? 6 : 4); s += 2) {
                placements.add(new MigPlacement(s, 2));
            }
        } else if (g == 3) {
            placements.add(new MigPlacement(0, 4));
            placements.add(new MigPlacement(4, 4));
        } else {
            placements.add(new MigPlacement(0, 4));
        }
        return new MigProfile(name, gb * 1024, g * 100 / computeSlices, g, placements);
    }
}
