10 REM A%, A!, A# and A$ are four different variables; plain A means A! by default
20 A=1.5:A%=2:A!=3.5:A#=4.25:A$="FIVE"
30 PRINT A;A%;A!;A#;A$
