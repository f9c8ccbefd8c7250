10 REM assigning to an integer rounds halves away from zero
20 A%=2.5:B%=-2.5:C%=2.4:D%=-0.5:E%=0.5
30 PRINT A%;B%;C%;D%;E%
