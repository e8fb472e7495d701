"""The course's matplotlib figures: one module per topic, one shared :mod:`.style`.

The notebooks that draw with each: :mod:`.contingency` (01, 01b: the mosaic), :mod:`.regression_slopes`
(03), :mod:`.label_bias` (03b), :mod:`.chance_corrected` (04), :mod:`.betting` (05b), :mod:`.clusters` (07),
:mod:`.montecarlo` (08, 08b), :mod:`.rms_by_size` (08b), :mod:`.uncertainty` (09, 09b, A7), :mod:`.roc`
(11, 11b), :mod:`.k_class` (06, 06b), :mod:`.senses` (12, 12b, A6), :mod:`.your_classifier` (13b, 14), :mod:`.probabilities` (14b).
Every plotted number comes
from the core package; these modules only draw.
"""
