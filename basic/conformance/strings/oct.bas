10 REM OCT$ of positive and negative values
20 PRINT OCT$(8);" ";OCT$(0);" ";OCT$(-1);" ";OCT$(511)
