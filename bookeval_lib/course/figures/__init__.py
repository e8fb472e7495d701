"""The course's matplotlib figures: one module per chapter, one shared :mod:`.style`.

:mod:`.contingency` (01, the mosaic), :mod:`.label_bias` (02), :mod:`.betting`
(06), :mod:`.roc` (08), :mod:`.montecarlo` (09), :mod:`.uncertainty` (10),
:mod:`.senses` (11).  Every
plotted number comes from the core package; these modules only draw.
"""
