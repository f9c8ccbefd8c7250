10 REM LIST shows stored constants with a type suffix when needed
20 A=1.0: D=100000: F=1.0E3: G=1D3: H=12345678: E=&hff: O=&O17: P=1.5: Q=.5
30 LIST 20
