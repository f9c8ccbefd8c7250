10 REM fact 12: transcendental functions use Microsoft's polynomials
20 PRINT ATN(1)
